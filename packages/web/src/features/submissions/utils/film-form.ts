import type { Submission } from '@filmlist/shared/api/films';
import { checkFilmFields, isWatchLink, type FilmField, type FilmFields } from '@filmlist/shared/film-rules';
import { messages } from '@filmlist/shared/messages';
import { ApiError } from '../../../lib/api-client';

/** Every place a form message can sit: beside a field, or (null) for the whole form. */
export type FormField = FilmField | 'confirm' | 'watchLink' | 'userId';

export interface FormProblem {
  field: FormField | null;
  message: string;
}

export interface FilmFormInput extends FilmFields {
  confirmed: boolean;
  /** only the reviewer form has one */
  watchLink?: string;
}

/**
 * SPEC §5, both add-film forms: the confirmation first, then the rules the
 * server applies in the same order, then (reviewer form) the watch link.
 */
export function validateFilmForm(input: FilmFormInput): FormProblem | null {
  if (!input.confirmed) return { field: 'confirm', message: messages.confirmDetails };
  const failure = checkFilmFields(input);
  if (failure) return failure;
  return checkWatchLink(input.watchLink ?? '');
}

/** An optional watch link must be an http(s) address. */
export function checkWatchLink(value: string): FormProblem | null {
  const link = value.trim();
  if (link && !isWatchLink(link)) return { field: 'watchLink', message: messages.watchLinkInvalid };
  return null;
}

const SERVER_FIELDS: Record<string, FormField> = {
  title: 'title',
  release_year: 'release_year',
  description: 'description',
  watchLink: 'watchLink',
  userId: 'userId',
};

/**
 * What to show for a failed call: the server's own message for the statuses
 * it explains (400, 409, ...), otherwise the spec's fallback message.
 */
export function problemFromError(error: unknown, fallback: string, explained: readonly number[]): FormProblem {
  if (!(error instanceof ApiError) || !explained.includes(error.status)) return { field: null, message: fallback };
  const key = Object.keys(error.fields).find((name) => name in SERVER_FIELDS);
  return { field: key ? (SERVER_FIELDS[key] ?? null) : null, message: error.message };
}

export const isForbidden = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

/** Whitespace runs become dashes, then the segment is URL-encoded (the server's mail links do the same). */
function pathSegment(text: string): string {
  return encodeURIComponent(text.trim().replace(/\s+/g, '-'));
}

/** SPEC §2: /master/addfilm/{title}/{release_year}/{description}/{user_id} for one submission. */
export function reviewerFormPath(submission: Pick<Submission, 'title' | 'release_year' | 'description'> & { user_id: number }): string {
  const { title, release_year, description, user_id } = submission;
  return `/master/addfilm/${pathSegment(title)}/${release_year}/${pathSegment(description)}/${user_id}`;
}

export interface ReviewerPrefill {
  title: string;
  release_year: string;
  description: string;
  userId: string;
}

/** SPEC §2: the reviewer form is prefilled from the path; dashes become spaces and the description's first word is capitalised. */
export function prefillFromPath(params: Record<string, string>): ReviewerPrefill {
  const spaced = (value: string | undefined) => (value ?? '').replace(/-/g, ' ');
  return {
    title: spaced(params.title),
    release_year: params.release_year ?? '',
    description: spaced(params.description).replace(/^(\s*)(\S)/, (_m, space: string, first: string) => space + first.toUpperCase()),
    userId: params.user_id ?? '',
  };
}
