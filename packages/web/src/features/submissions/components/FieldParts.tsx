import { messages } from '@filmlist/shared/messages';
import { problemAt, type FormField, type FormProblem, type FormProblems } from '../utils/film-form';

/** The pieces every field of the film forms is made of: its id, its message, its hint and its count. */

/** The id of a form's field, from the form's useId() prefix. */
export const fieldId = (prefix: string, field: FormField): string => `${prefix}-${field}`;
export const errorId = (prefix: string, field: FormField): string => `${prefix}-${field}-error`;
export const hintId = (prefix: string, field: FormField): string => `${prefix}-${field}-hint`;
const countId = (prefix: string, field: FormField): string => `${prefix}-${field}-count`;

/**
 * The message about `field` and the field it is shown under. messages.fillAllFields is said once,
 * under the first blank field; every other blank field points to it rather than repeating it.
 */
function messageFor(problems: FormProblems, field: FormField): { problem: FormProblem; shownUnder: FormField } | null {
  const problem = problemAt(problems, field);
  if (!problem) return null;
  if (problem.message !== messages.fillAllFields) return { problem, shownUnder: field };
  const first = problems.find((p) => p.message === messages.fillAllFields && p.field !== null)?.field;
  return { problem, shownUnder: first ?? field };
}

interface Described {
  /** a hint below the field */
  hint?: boolean;
  /** a character count below the field */
  count?: boolean;
}

/** aria attributes tying a field to its message, when there is one about it, and to its hint and count. */
export function describedBy(prefix: string, field: FormField, problems: FormProblems, { hint = false, count = false }: Described = {}) {
  const message = messageFor(problems, field);
  const ids = [message ? errorId(prefix, message.shownUnder) : '', hint ? hintId(prefix, field) : '', count ? countId(prefix, field) : '']
    .filter(Boolean)
    .join(' ');
  return { 'aria-invalid': message !== null || undefined, 'aria-describedby': ids || undefined };
}

/** The message beside its field, announced as it appears; `label` names the field in a length message. */
export function FieldError({
  prefix,
  field,
  problems,
  label,
}: {
  prefix: string;
  field: FormField;
  problems: FormProblems;
  label?: string;
}) {
  const message = messageFor(problems, field);
  if (!message || message.shownUnder !== field) return null;
  const text =
    label === 'Logline' && message.problem.message === messages.descriptionTooLong ? messages.loglineTooLong : message.problem.message;
  return (
    <p id={errorId(prefix, field)} className="error field-error" role="alert">
      {text}
    </p>
  );
}

/** From this share of a field's limit on, its count of characters shows. */
const COUNT_FROM = 0.8;

/** Whether a field of `max` characters holding `value` shows its count (always, with `always`). */
export const showsCount = (value: string, max: number, always = false): boolean => always || value.length >= max * COUNT_FROM;

/** "183 of 200 characters", near the field's limit; past it, in the error colour. */
export function CharacterCount({ prefix, field, value, max }: { prefix: string; field: FormField; value: string; max: number }) {
  return (
    <p id={countId(prefix, field)} className={value.length > max ? 'field-hint char-count error' : 'field-hint char-count'}>
      {value.length} of {max} characters
    </p>
  );
}
