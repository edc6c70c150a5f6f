import { useState, type FormEvent } from 'react';
import { messages } from '@filmlist/shared/messages';
import { Dialog } from '../../../components/Dialog';
import { ProcessingButton } from '../../../components/ProcessingButton';
import { TextField } from '../../../components/TextField';
import { useAuth } from '../../../lib/auth';
import { formErrorsFrom } from '../../../lib/form-errors';
import { useNavigate } from '../../../lib/router';
import { useDeleteAccount } from '../api/delete-account';
import { ShowPasswords } from './ShowPasswords';

/**
 * What the password field says about a refusal (a wrong password, too many tries); other failures are only logged
 * (docs/product.md §Errors).
 */
function refusal(error: unknown): string | null {
  const said = formErrorsFrom(error, { fields: ['currentPassword'], explained: [400, 403, 429], fallback: '' });
  return said.refused ? (said.fields.currentPassword ?? said.form) : null;
}

/**
 * Delete Account, apart from the update forms and marked as dangerous, after
 * the confirmation pop-up, which also asks for the current password
 * (§Account deletion): a stolen session alone cannot delete it.
 */
export function DeleteAccount({ onUse }: { onUse: () => void }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const { mutateAsync: deleteAccount } = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [processing, setProcessing] = useState(false);
  const [showPassword, setShowPassword] = useState(false);

  const close = () => {
    if (processing) return;
    setOpen(false);
    setPassword('');
    setError(undefined);
    setShowPassword(false);
  };

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setError(messages.currentPasswordRequired);
      return;
    }
    setProcessing(true);
    try {
      await deleteAccount(password);
    } catch (failure) {
      setProcessing(false);
      const said = refusal(failure);
      if (said) {
        setError(said);
        return;
      }
      console.error('Account deletion failed', failure);
      setOpen(false);
      return;
    }
    // Leave the protected page first, so the logout does not bounce through /login.
    navigate('/account-deleted', { replace: true });
    await logout();
  };

  return (
    <section className="danger-zone" aria-labelledby="delete-account">
      <h2 id="delete-account">Delete Account</h2>
      <p>Deleting your account removes your profile, your answers and your ratings. It cannot be undone.</p>
      <button
        type="button"
        className="danger"
        onClick={() => {
          onUse();
          setOpen(true);
        }}
      >
        Delete Account
      </button>
      <Dialog open={open} title="Are you sure you want to delete your account?" onClose={close} initialFocus="[data-cancel]">
        <form noValidate onSubmit={(event) => void confirm(event)}>
          <TextField
            label="Current password"
            name="currentPassword"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setError(undefined);
            }}
            error={error}
          />
          <ShowPasswords plural={false} checked={showPassword} onChange={setShowPassword} />
          <div className="actions">
            <ProcessingButton className="danger" processing={processing} label="Yes, delete my account" />
            <button type="button" className="secondary" data-cancel="" disabled={processing} onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
