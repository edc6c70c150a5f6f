import type { Ref } from 'react';
import { TextField } from './TextField';

/** One text input of a form: its key in the form's values, its label and how the browser may fill it. */
export interface FieldSpec<F extends string> {
  name: F;
  label: string;
  autoComplete: string;
  /** a password field follows the form's show-passwords box */
  type?: 'email' | 'password';
  /** the input's name when it is not `name` */
  inputName?: string;
  /** what the field takes, under it from the start (a new password's length) */
  hint?: string;
}

interface FormFieldsProps<F extends string> {
  fields: readonly FieldSpec<F>[];
  values: Record<F, string>;
  errors: Partial<Record<F, string>>;
  showPasswords?: boolean;
  onChange: (field: F, value: string) => void;
  /** where each input goes, e.g. to focus the first one with an error */
  inputRef?: (field: F) => Ref<HTMLInputElement>;
}

/** A form's labelled inputs, each with its own error message. */
export function FormFields<F extends string>({ fields, values, errors, showPasswords = false, onChange, inputRef }: FormFieldsProps<F>) {
  return fields.map((field) => (
    <TextField
      key={field.name}
      ref={inputRef?.(field.name)}
      label={field.label}
      name={field.inputName ?? field.name}
      type={field.type === 'password' && showPasswords ? 'text' : field.type}
      autoComplete={field.autoComplete}
      value={values[field.name]}
      onChange={(event) => onChange(field.name, event.target.value)}
      error={errors[field.name]}
      hint={field.hint}
    />
  ));
}
