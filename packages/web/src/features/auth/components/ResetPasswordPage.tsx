import { useEffect, useRef, useState, type FormEvent } from 'react';
import { passwordField } from '@filmlist/shared/fields';
import { messages } from '@filmlist/shared/messages';
import { FormFields, type FieldSpec } from '../../../components/FormFields';
import { ProcessingButton } from '../../../components/ProcessingButton';
import { useAuth } from '../../../lib/auth';
import { fieldError } from '../../../lib/field-error';
import { Link, useParams } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useResetPassword } from '../api/reset-password';
import { recoveryRefusal } from '../recovery-errors';

type Field = 'password' | 'confirmPassword';
type Errors = Partial<Record<Field, string>>;

const FIELDS: readonly FieldSpec<Field>[] = [
  { name: 'password', inputName: 'newPassword', label: 'New password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm new password', type: 'password', autoComplete: 'new-password' },
];

type Outcome = { done: true; message: string } | { done: false; linkInvalid: boolean; message: string };

/**
 * /reset-password/{token}, the emailed link: a new password under the sign-up
 * rules. The server ends every session of the account, so a session kept in
 * this browser ends too, and the person is asked to log in.
 */
export default function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const { token = '' } = useParams();
  const { isAuthenticated, logout } = useAuth();
  const { mutateAsync: reset } = useResetPassword();
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirmPassword: '' });
  const [showPasswords, setShowPasswords] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [processing, setProcessing] = useState(false);
  // Once reset, or once the link is known to be dead, the form has nothing more to do.
  const finished = outcome && (outcome.done || outcome.linkInvalid) ? outcome : null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    const { password, confirmPassword } = values;
    const found: Errors = {};
    const weak = fieldError(passwordField, password);
    if (weak) found.password = weak;
    if (password !== confirmPassword) found.confirmPassword = messages.passwordsDoNotMatch;
    setErrors(found);
    if (found.password || found.confirmPassword) return;
    setProcessing(true);
    try {
      const message = await reset({ token, password });
      if (isAuthenticated) await logout();
      setOutcome({ done: true, message });
    } catch (error) {
      const refusal = recoveryRefusal(error, ['password'], messages.resetFailed);
      if (refusal.fields.password) setErrors({ password: refusal.fields.password });
      setOutcome({ done: false, linkInvalid: refusal.linkInvalid, message: refusal.form });
    }
    setProcessing(false);
  };

  return (
    <section className="auth-page">
      <h1>Reset Password</h1>
      {finished ? (
        <Finished outcome={finished} />
      ) : (
        <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
          <FormFields
            fields={FIELDS}
            values={values}
            errors={errors}
            showPasswords={showPasswords}
            onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
          />
          <label className="inline">
            <input type="checkbox" checked={showPasswords} onChange={(event) => setShowPasswords(event.target.checked)} />
            Show passwords
          </label>
          {outcome?.message && (
            <p className="error form-message" role="alert">
              {outcome.message}
            </p>
          )}
          <div className="actions">
            <ProcessingButton processing={processing} label="Reset Password" />
          </div>
        </form>
      )}
    </section>
  );
}

/** The end of the page: the password is reset (log in), or the link is dead (ask for a new one). Focus moves here. */
function Finished({ outcome }: { outcome: Outcome }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div className="outcome-box" ref={box} tabIndex={-1}>
      {outcome.done ? (
        <>
          <p className="success" role="status">
            {outcome.message}
          </p>
          <p>
            <Link to="/login">Log in to The Film List</Link>
          </p>
        </>
      ) : (
        <>
          <p className="error" role="alert">
            {outcome.message}
          </p>
          <p>
            <Link to="/forgot-password">Ask for a new reset link</Link>
          </p>
        </>
      )}
    </div>
  );
}
