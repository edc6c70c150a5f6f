import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/TextField';
import { validateEmail } from '../profile-validation';
import { FormOutcome } from './FormOutcome';
import { useProfileUpdate } from './use-profile-update';

const FIELDS = ['email', 'currentPassword'] as const;

/** A new email takes effect once its confirmation link is followed (PRODUCT.md §3). */
export function EmailForm({ showPasswords }: { showPasswords: boolean }) {
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const form = useProfileUpdate(FIELDS);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPendingEmail(null);
    const answer = await form.submit(validateEmail(email, currentPassword), { email, currentPassword });
    if (!answer) return;
    setPendingEmail(answer.pendingEmail);
    setEmail('');
    setCurrentPassword('');
  };

  const extra = pendingEmail
    ? `We have sent a confirmation link to ${pendingEmail}. Your new email address takes effect once you follow it.`
    : undefined;

  return (
    <form className="profile-form" noValidate aria-labelledby="update-email" onSubmit={(event) => void submit(event)}>
      <h2 id="update-email">Update Email</h2>
      <TextField
        label="New email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          form.clear('email');
        }}
        error={form.errors.email}
      />
      <TextField
        label="Current password"
        name="currentPassword"
        type={showPasswords ? 'text' : 'password'}
        autoComplete="current-password"
        value={currentPassword}
        onChange={(e) => {
          setCurrentPassword(e.target.value);
          form.clear('currentPassword');
        }}
        error={form.errors.currentPassword}
      />
      <FormOutcome outcome={form.outcome} extra={extra} />
      <div className="actions">
        <button type="submit" disabled={form.processing}>
          {form.processing ? 'Processing...' : 'Update Email'}
        </button>
      </div>
    </form>
  );
}
