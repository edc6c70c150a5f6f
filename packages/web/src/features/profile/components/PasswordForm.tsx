import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/TextField';
import { validatePassword } from '../profile-validation';
import { FormOutcome } from './FormOutcome';
import { useProfileUpdate } from './use-profile-update';

const FIELDS = ['password', 'confirmPassword', 'currentPassword'] as const;

export function PasswordForm({ showPasswords }: { showPasswords: boolean }) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const form = useProfileUpdate(FIELDS);
  const type = showPasswords ? 'text' : 'password';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const answer = await form.submit(validatePassword(password, confirmPassword, currentPassword), { password, currentPassword });
    if (!answer) return;
    setPassword('');
    setConfirmPassword('');
    setCurrentPassword('');
  };

  return (
    <form className="profile-form" noValidate aria-labelledby="update-password" onSubmit={(event) => void submit(event)}>
      <h2 id="update-password">Update Password</h2>
      <TextField
        label="New password"
        name="newPassword"
        type={type}
        autoComplete="new-password"
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          form.clear('password');
        }}
        error={form.errors.password}
      />
      <TextField
        label="Confirm new password"
        name="confirmPassword"
        type={type}
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(e) => {
          setConfirmPassword(e.target.value);
          form.clear('confirmPassword');
        }}
        error={form.errors.confirmPassword}
      />
      <TextField
        label="Current password"
        name="currentPassword"
        type={type}
        autoComplete="current-password"
        value={currentPassword}
        onChange={(e) => {
          setCurrentPassword(e.target.value);
          form.clear('currentPassword');
        }}
        error={form.errors.currentPassword}
      />
      <FormOutcome outcome={form.outcome} />
      <div className="actions">
        <button type="submit" disabled={form.processing}>
          {form.processing ? 'Processing...' : 'Update Password'}
        </button>
      </div>
    </form>
  );
}
