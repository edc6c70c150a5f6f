import { useState } from 'react';
import { messages, newPasswordHint, usernameHint } from '@filmlist/shared/messages';
import { FormFields, type FieldSpec } from '../../../components/FormFields';
import { ProcessingButton } from '../../../components/ProcessingButton';
import { useAvailability } from '../api/check-user';
import type { SignupInput, useSignup } from '../hooks/use-signup';
import { AgreementField } from './AgreementField';
import type { LegalDocument } from './LegalDialog';

const FIELDS: readonly FieldSpec<SignupInput>[] = [
  { name: 'username', label: 'Username', autoComplete: 'username', hint: usernameHint },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', hint: newPasswordHint },
  { name: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
];

/** docs/product.md §Public screens, /signup: the four fields, show passwords, the agreement and the Sign Up button. */
export function SignupForm({ signup, onRead }: { signup: ReturnType<typeof useSignup>; onRead: (document: LegalDocument) => void }) {
  const { values, errors, failure, processing, inputs } = signup;
  const [showPasswords, setShowPasswords] = useState(false);
  const availability = useAvailability(values.username, values.email);
  // A taken name or address shows as soon as the live check knows it.
  const shown = {
    ...errors,
    username: errors.username ?? (availability.usernameTaken ? messages.usernameTaken : undefined),
    email: errors.email ?? (availability.emailTaken ? messages.emailTaken : undefined),
  };

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void signup.submit(event)}>
      <FormFields
        fields={FIELDS}
        values={values}
        errors={shown}
        showPasswords={showPasswords}
        onChange={signup.change}
        inputRef={(field) => (el) => {
          inputs.current[field] = el;
        }}
      />
      <label className="inline">
        <input type="checkbox" checked={showPasswords} onChange={(e) => setShowPasswords(e.target.checked)} />
        Show passwords
      </label>
      <AgreementField
        agreed={values.agreed}
        error={errors.agreement}
        inputRef={(el) => {
          inputs.current.agreement = el;
        }}
        onChange={signup.agree}
        onRead={onRead}
      />
      {failure && (
        <p className="error form-error" role="alert">
          {failure}
        </p>
      )}
      <div className="actions">
        <ProcessingButton processing={processing} label="Sign Up" />
      </div>
    </form>
  );
}
