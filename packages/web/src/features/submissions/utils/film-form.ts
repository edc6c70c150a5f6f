import { checkAllFilmFields, isWatchLink, type FilmField, type FilmFields } from '@filmlist/shared/film-rules';
import { messages } from '@filmlist/shared/messages';
import { readReviewerFormPath, type ReviewerFormPrefill } from '@filmlist/shared/reviewer-link';
import { ApiError } from '../../../lib/api-client';
import { formErrorsFrom } from '../../../lib/form-errors';
import { checkNote } from './note';

/** Every place a form message can sit: beside a field, or (null) for the whole form. */
export type FormField = FilmField | 'note' | 'confirm' | 'watchLink' | 'userId';

export interface FormProblem {
  field: FormField | null;
  message: string;
}

/** What a form shows: at most one message per field, in the form's order. */
export type FormProblems = readonly FormProblem[];

export interface FilmFormInput extends FilmFields {
  confirmed: boolean;
  /** only the reviewer form has one */
  watchLink?: string;
  /** "Why is it undervalued?" (docs/product.md §Recommendation note), where the form has it */
  note?: string;
}

/**
 * docs/product.md §Add-film rules, both add-film forms: every rule at once, each message
 * beside its field in the form's order: the film's fields, the note, the
 * watch link (reviewer form), then the confirmation box.
 */
export function validateFilmForm(input: FilmFormInput): FormProblem[] {
  const problems: FormProblem[] = checkAllFilmFields(input);
  const note = checkNote(input.note ?? '');
  if (note) problems.push(note);
  const link = checkWatchLink(input.watchLink ?? '');
  if (link) problems.push(link);
  if (!input.confirmed) problems.push({ field: 'confirm', message: messages.confirmDetails });
  return problems;
}

/** An optional watch link must be an http(s) address. */
export function checkWatchLink(value: string): FormProblem | null {
  const link = value.trim();
  if (link && !isWatchLink(link)) return { field: 'watchLink', message: messages.watchLinkInvalid };
  return null;
}

/** The message about `field` (null: the whole form), if there is one. */
export const problemAt = (problems: FormProblems, field: FormField | null): FormProblem | undefined =>
  problems.find((problem) => problem.field === field);

/** The fields of the film forms the server may name, in the forms' order. */
const SERVER_FIELDS = ['title', 'release_year', 'description', 'note', 'watchLink', 'userId'] as const;

/**
 * What to show for a failed call: the server's own message for the statuses
 * it explains (400, 409, ...), otherwise the form's fallback message, with
 * when to try again after a 429 or 503.
 */
export function problemFromError(error: unknown, fallback: string, explained: readonly number[]): FormProblem {
  const { fields, form } = formErrorsFrom(error, { fields: SERVER_FIELDS, explained, fallback });
  const field = SERVER_FIELDS.find((name) => fields[name]);
  return field ? { field, message: fields[field] ?? form } : { field: null, message: form };
}

/** The three film fields as they are sent: trimmed. */
export const trimmedFilm = (film: FilmFields): FilmFields => ({
  title: film.title.trim(),
  release_year: film.release_year.trim(),
  description: film.description.trim(),
});

export const isForbidden = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

/** The reviewer form starts its description with a capital (§Reviewer link). */
const capitalFirst = (text: string): string =>
  text.replace(/^(\s*)(\S)/u, (_m, space: string, first: string) => space + first.toUpperCase());

/**
 * §Reviewer link: the reviewer form prefilled from its path, as the browser holds it
 * (still encoded): dashes become spaces, real hyphens (%2D) stay, and the
 * description's first word is capitalised.
 */
export function prefillFromPath(pathname: string): ReviewerFormPrefill {
  const read = readReviewerFormPath(pathname) ?? { title: '', release_year: '', description: '', userId: '' };
  return { ...read, description: capitalFirst(read.description) };
}

/** The same form prefilled from the submission itself, as the review queue passes it along. */
export function prefillFromSubmission(submission: FilmFields & { userId: string }): ReviewerFormPrefill {
  return { ...submission, description: capitalFirst(submission.description) };
}
