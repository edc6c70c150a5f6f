import { useState } from 'react';
import { messages } from '@filmlist/shared/messages';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LetterboxdExport } from '../../../components/LetterboxdExport';
import { useProfile } from '../api/get-profile';
import { emailForm, passwordForm, usernameForm } from '../profile-forms';
import { DeleteAccount } from './DeleteAccount';
import { DownloadMyData } from './DownloadMyData';
import { PendingEmail } from './PendingEmail';
import { ProfileFieldForm } from './ProfileFieldForm';

/** The parts of the page with messages of their own; only the last one used shows them. */
type Part = 'username' | 'email' | 'password' | 'pending' | 'download' | 'delete';

/** docs/product.md §Member screens, /myprofile: the current username and email, three update forms, Download My Data, the Letterboxd files, Delete Account. */
export default function MyProfilePage() {
  useDocumentTitle('My Profile');
  const { user } = useAuth();
  const username = user?.username ?? '';
  const { data: profile } = useProfile(username);
  const [lastUsed, setLastUsed] = useState<Part | null>(null);
  const [cancelled, setCancelled] = useState(false);

  // The server's answer when it is about this user; the session's copy until then.
  const shown = profile && profile.username === username ? profile : user;
  const pendingEmail = shown?.pendingEmail ?? null;
  const part = (name: Part) => ({ active: lastUsed === name, onUse: () => setLastUsed(name) });

  return (
    <section className="profile-page">
      <h1>My Profile</h1>
      <dl className="profile-summary">
        <dt>Username</dt>
        <dd>{shown?.username ?? ''}</dd>
        <dt>Email</dt>
        <dd>{shown?.email ?? ''}</dd>
      </dl>
      {pendingEmail && (
        <PendingEmail
          address={pendingEmail}
          currentEmail={shown?.email ?? ''}
          {...part('pending')}
          onCancelled={() => setCancelled(true)}
        />
      )}
      <div role="status" className="success">
        {cancelled && !pendingEmail && lastUsed === 'pending' && <p>{messages.emailChangeCancelled}</p>}
      </div>

      <div className="profile-forms">
        <ProfileFieldForm form={usernameForm} {...part('username')} />
        <ProfileFieldForm form={emailForm} {...part('email')} onSaved={() => setCancelled(false)} />
        <ProfileFieldForm form={passwordForm} {...part('password')} />
      </div>

      <DownloadMyData {...part('download')} />
      {/* The watchlist and ratings files again, where a member looks for their data (docs/product.md §Letterboxd export). */}
      <LetterboxdExport />

      <DeleteAccount onUse={() => setLastUsed('delete')} />
    </section>
  );
}
