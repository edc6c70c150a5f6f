import { useId, type InputHTMLAttributes, type Ref } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-describedby' | 'aria-invalid'> {
  label: string;
  /** shown under the input, tied to it with aria-describedby, and announced */
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its own error message. */
export function TextField({ label, error, ref, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
      {error && (
        <p id={errorId} className="error field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
