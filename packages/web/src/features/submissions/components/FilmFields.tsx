import { useEffect, type ChangeEvent } from 'react';
import type { FilmField, FilmFields as FilmValues } from '@filmlist/shared/film-rules';
import { titleCase } from '@filmlist/shared/slug';
import type { FormField, FormProblem } from '../utils/film-form';

/** The id of a form's field, from the form's useId() prefix. */
export const fieldId = (prefix: string, field: FormField): string => `${prefix}-${field}`;
const errorId = (prefix: string, field: FormField): string => `${prefix}-${field}-error`;

/** aria attributes tying a field to its message, when the message is about it. */
export function describedBy(prefix: string, field: FormField, problem: FormProblem | null) {
  const invalid = problem?.field === field;
  return { 'aria-invalid': invalid || undefined, 'aria-describedby': invalid ? errorId(prefix, field) : undefined };
}

/** The message beside its field, announced as it appears. */
export function FieldError({ prefix, field, problem }: { prefix: string; field: FormField; problem: FormProblem | null }) {
  if (problem?.field !== field) return null;
  return (
    <p id={errorId(prefix, field)} className="error field-error" role="alert">
      {problem.message}
    </p>
  );
}

/** A message about the whole form (a failed call, a duplicate film), announced. */
export function FormError({ problem }: { problem: FormProblem | null }) {
  if (!problem || problem.field !== null) return null;
  return (
    <p className="error form-message" role="alert">
      {problem.message}
    </p>
  );
}

/** Moves focus to the field a new message is about, so keyboard and screen-reader users land on it. */
export function useFocusProblem(prefix: string, problem: FormProblem | null): void {
  useEffect(() => {
    if (problem?.field) document.getElementById(fieldId(prefix, problem.field))?.focus();
  }, [prefix, problem]);
}

interface FilmFieldsProps {
  prefix: string;
  values: FilmValues;
  onChange: (field: FilmField, value: string) => void;
  problem: FormProblem | null;
  descriptionLabel: string;
}

/** Title, Year of Release and the logline: the fields both add-film forms share. */
export function FilmFields({ prefix, values, onChange, problem, descriptionLabel }: FilmFieldsProps) {
  // SPEC §5: the title is capitalised per word as it is typed, keeping the caret where it was.
  const onTitle = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const next = titleCase(input.value);
    if (next !== input.value) {
      const { selectionStart, selectionEnd } = input;
      input.value = next;
      input.setSelectionRange(selectionStart, selectionEnd);
    }
    onChange('title', next);
  };
  return (
    <>
      <label htmlFor={fieldId(prefix, 'title')}>Film Title</label>
      <input
        id={fieldId(prefix, 'title')}
        name="title"
        type="text"
        autoComplete="off"
        value={values.title}
        onChange={onTitle}
        {...describedBy(prefix, 'title', problem)}
      />
      <FieldError prefix={prefix} field="title" problem={problem} />

      <label htmlFor={fieldId(prefix, 'release_year')}>Year of Release</label>
      <input
        id={fieldId(prefix, 'release_year')}
        name="release_year"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className="year-input"
        value={values.release_year}
        onChange={(event) => onChange('release_year', event.target.value)}
        {...describedBy(prefix, 'release_year', problem)}
      />
      <FieldError prefix={prefix} field="release_year" problem={problem} />

      <label htmlFor={fieldId(prefix, 'description')}>{descriptionLabel}</label>
      <textarea
        id={fieldId(prefix, 'description')}
        name="description"
        rows={4}
        value={values.description}
        onChange={(event) => onChange('description', event.target.value)}
        {...describedBy(prefix, 'description', problem)}
      />
      <FieldError prefix={prefix} field="description" problem={problem} />
    </>
  );
}

/** SPEC §4: the required "double-checked" box. */
export function ConfirmBox({ prefix, checked, onChange, problem }: { prefix: string; checked: boolean; onChange: (checked: boolean) => void; problem: FormProblem | null }) {
  return (
    <>
      <label className="inline confirm-box" htmlFor={fieldId(prefix, 'confirm')}>
        <input
          id={fieldId(prefix, 'confirm')}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          {...describedBy(prefix, 'confirm', problem)}
        />
        I have double-checked the film details
      </label>
      <FieldError prefix={prefix} field="confirm" problem={problem} />
    </>
  );
}
