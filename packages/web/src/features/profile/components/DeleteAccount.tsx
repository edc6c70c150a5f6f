import { useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { useAuth } from '../../../lib/auth';
import { useNavigate } from '../../../lib/router';
import { deleteAccount } from '../api/delete-account';

/** Delete Account, after a confirmation pop-up; a failure is only logged (SPEC §8). */
export function DeleteAccount() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [processing, setProcessing] = useState(false);

  const confirm = async () => {
    setProcessing(true);
    try {
      await deleteAccount();
    } catch (error) {
      console.error('Account deletion failed', error);
      setProcessing(false);
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
      <button type="button" className="danger" onClick={() => setOpen(true)}>
        Delete Account
      </button>
      <Dialog open={open} title="Are you sure you want to delete your account?" onClose={() => !processing && setOpen(false)} initialFocus="[data-cancel]">
        <div className="actions">
          <button type="button" className="danger" disabled={processing} onClick={() => void confirm()}>
            {processing ? 'Processing...' : 'Yes, delete my account'}
          </button>
          <button type="button" className="secondary" data-cancel="" disabled={processing} onClick={() => setOpen(false)}>
            Cancel
          </button>
        </div>
      </Dialog>
    </section>
  );
}
