import { useState, type FormEvent } from 'react';
import { emailField } from '@filmlist/shared/fields';
import { ProcessingButton } from '../../../components/ProcessingButton';
import { TextField } from '../../../components/TextField';
import { fieldError } from '../../../lib/field-error';
import { recoveryRefusal } from '../recovery-errors';

interface EmailLinkFormProps {
  /** sends the request; resolves to the server's message, the same whether an account has the address or not */
  send: (email: string) => Promise<string>;
  buttonLabel: string;
  /** said when the call fails without a reason from the server */
  failure: string;
  initialEmail?: string;
}

/**
 * Asks for an email address and mails it a link (a password reset, a new
 * verification link). The server's answer is said politely and the form stays,
 * so a mistyped address can be corrected.
 */
export function EmailLinkForm({ send, buttonLabel, failure, initialEmail = '' }: EmailLinkFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState('');
  const [sent, setSent] = useState('');
  const [processing, setProcessing] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSent('');
    setProblem('');
    const invalid = fieldError(emailField, email.trim());
    setError(invalid);
    if (invalid) return;
    setProcessing(true);
    try {
      setSent(await send(email.trim()));
    } catch (refused) {
      const refusal = recoveryRefusal(refused, ['email'], failure);
      setError(refusal.fields.email);
      setProblem(refusal.form);
    }
    setProcessing(false);
  };

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(undefined);
        }}
        error={error}
      />
      {problem && (
        <p className="error form-message" role="alert">
          {problem}
        </p>
      )}
      <div className="actions">
        <ProcessingButton processing={processing} label={buttonLabel} />
      </div>
      <p className="success form-message" role="status">
        {sent}
      </p>
    </form>
  );
}
