import { useState, type FormEvent } from 'react';
import { useAuth } from '../../../lib/auth';
import { TextField } from '../../../components/TextField';
import { validateUsername } from '../profile-validation';
import { FormOutcome } from './FormOutcome';
import { useProfileUpdate } from './use-profile-update';

const FIELDS = ['username'] as const;

export function UsernameForm() {
  const auth = useAuth();
  const [username, setUsername] = useState('');
  const form = useProfileUpdate(FIELDS);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const answer = await form.submit(validateUsername(username), { username });
    if (!answer) return;
    auth.setUser(answer.user);
    setUsername('');
  };

  return (
    <form className="profile-form" noValidate aria-labelledby="update-username" onSubmit={(event) => void submit(event)}>
      <h2 id="update-username">Update Username</h2>
      <TextField
        label="New username"
        name="username"
        autoComplete="username"
        value={username}
        onChange={(e) => {
          setUsername(e.target.value);
          form.clear('username');
        }}
        error={form.errors.username}
      />
      <FormOutcome outcome={form.outcome} />
      <div className="actions">
        <button type="submit" disabled={form.processing}>
          {form.processing ? 'Processing...' : 'Update Username'}
        </button>
      </div>
    </form>
  );
}
