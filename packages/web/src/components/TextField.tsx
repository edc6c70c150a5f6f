import { useId, type InputHTMLAttributes, type Ref } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-describedby' | 'aria-invalid'> {
  label: string;
  /** shown under the input, tied to it with aria-describedby, and announced */
  error?: string | undefined;
  /** what the field takes, shown under it from the start and tied to it with aria-describedby */
  hint?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its own error message, and a hint when it has one. */
export function TextField({ label, error, hint, ref, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="error field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
