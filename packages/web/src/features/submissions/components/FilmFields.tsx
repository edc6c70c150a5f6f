import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react';
import type { FilmField, FilmFields as FilmValues } from '@filmlist/shared/film-rules';
import { titleCase } from '@filmlist/shared/slug';
import { problemAt, type FormField, type FormProblems } from '../utils/film-form';

/** The id of a form's field, from the form's useId() prefix. */
export const fieldId = (prefix: string, field: FormField): string => `${prefix}-${field}`;
const errorId = (prefix: string, field: FormField): string => `${prefix}-${field}-error`;

const hintId = (prefix: string, field: FormField): string => `${prefix}-${field}-hint`;

/** aria attributes tying a field to its message, when there is one about it, and to its hint. */
export function describedBy(prefix: string, field: FormField, problems: FormProblems, hint = false) {
  const invalid = problemAt(problems, field) !== undefined;
  const ids = [invalid ? errorId(prefix, field) : '', hint ? hintId(prefix, field) : ''].filter(Boolean).join(' ');
  return { 'aria-invalid': invalid || undefined, 'aria-describedby': ids || undefined };
}

/** The message beside its field, announced as it appears. */
export function FieldError({ prefix, field, problems }: { prefix: string; field: FormField; problems: FormProblems }) {
  const problem = problemAt(problems, field);
  if (!problem) return null;
  return (
    <p id={errorId(prefix, field)} className="error field-error" role="alert">
      {problem.message}
    </p>
  );
}

/** A message about the whole form (a failed call, a duplicate film), announced. */
export function FormError({ problems }: { problems: FormProblems }) {
  const problem = problemAt(problems, null);
  if (!problem) return null;
  return (
    <p className="error form-message" role="alert">
      {problem.message}
    </p>
  );
}

interface LabelledInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  prefix: string;
  field: FormField;
  label: ReactNode;
  problems: FormProblems;
  onChange: (value: string, event: ChangeEvent<HTMLInputElement>) => void;
  /** said below the input, and tied to it */
  hint?: ReactNode;
}

/** A labelled input of a film form, tied to its message. */
export function LabelledInput({ prefix, field, label, problems, onChange, hint, ...input }: LabelledInputProps) {
  return (
    <>
      <label htmlFor={fieldId(prefix, field)}>{label}</label>
      <input
        id={fieldId(prefix, field)}
        autoComplete="off"
        {...input}
        onChange={(event) => onChange(event.target.value, event)}
        {...describedBy(prefix, field, problems, hint !== undefined)}
      />
      {hint !== undefined && (
        <p id={hintId(prefix, field)} className="field-hint">
          {hint}
        </p>
      )}
      <FieldError prefix={prefix} field={field} problems={problems} />
    </>
  );
}

interface WatchLinkFieldProps {
  prefix: string;
  value: string;
  onChange: (value: string) => void;
  problems: FormProblems;
  /** what the field is for, after "optional" */
  purpose?: string;
  name?: string;
}

/** The optional watch link a reviewer adds with a film. */
export function WatchLinkField({ prefix, value, onChange, problems, purpose, name }: WatchLinkFieldProps) {
  const label = (
    <>
      Watch Link <span className="optional">({purpose ? `optional, ${purpose}` : 'optional'})</span>
    </>
  );
  return (
    <LabelledInput
      prefix={prefix}
      field="watchLink"
      label={label}
      problems={problems}
      name={name}
      type="url"
      inputMode="url"
      placeholder="https://"
      value={value}
      onChange={onChange}
    />
  );
}

interface FilmFieldsProps {
  prefix: string;
  values: FilmValues;
  onChange: (field: FilmField, value: string) => void;
  problems: FormProblems;
  descriptionLabel: string;
}

/** SPEC §5: the title is capitalised per word as it is typed, keeping the caret where it was. */
function capitalised(value: string, event: ChangeEvent<HTMLInputElement>): string {
  const input = event.target;
  const next = titleCase(value);
  if (next !== value) {
    const { selectionStart, selectionEnd } = input;
    input.value = next;
    input.setSelectionRange(selectionStart, selectionEnd);
  }
  return next;
}

/** Title, Year of Release and the logline: the fields both add-film forms share. */
export function FilmFields({ prefix, values, onChange, problems, descriptionLabel }: FilmFieldsProps) {
  return (
    <>
      <LabelledInput
        prefix={prefix}
        field="title"
        label="Film Title"
        problems={problems}
        name="title"
        type="text"
        value={values.title}
        onChange={(value, event) => onChange('title', capitalised(value, event))}
      />
      <LabelledInput
        prefix={prefix}
        field="release_year"
        label="Year of Release"
        problems={problems}
        name="release_year"
        type="text"
        inputMode="numeric"
        className="year-input"
        value={values.release_year}
        onChange={(value) => onChange('release_year', value)}
      />
      <label htmlFor={fieldId(prefix, 'description')}>{descriptionLabel}</label>
      <textarea
        id={fieldId(prefix, 'description')}
        name="description"
        rows={4}
        value={values.description}
        onChange={(event) => onChange('description', event.target.value)}
        {...describedBy(prefix, 'description', problems)}
      />
      <FieldError prefix={prefix} field="description" problems={problems} />
    </>
  );
}

/** SPEC §4: the required "double-checked" box. */
export function ConfirmBox({
  prefix,
  checked,
  onChange,
  problems,
}: {
  prefix: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  problems: FormProblems;
}) {
  return (
    <>
      <label className="inline confirm-box" htmlFor={fieldId(prefix, 'confirm')}>
        <input
          id={fieldId(prefix, 'confirm')}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          {...describedBy(prefix, 'confirm', problems)}
        />
        I have double-checked the film details
      </label>
      <FieldError prefix={prefix} field="confirm" problems={problems} />
    </>
  );
}
