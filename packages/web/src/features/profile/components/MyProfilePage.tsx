import { useEffect, useState } from 'react';
import type { PublicUser } from '@filmlist/shared/api/users';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { getProfile } from '../api/get-profile';
import { DeleteAccount } from './DeleteAccount';
import { EmailForm } from './EmailForm';
import { PasswordForm } from './PasswordForm';
import { UsernameForm } from './UsernameForm';

/** SPEC §2 /myprofile: the current username and email, three update forms, Delete Account. */
export default function MyProfilePage() {
  useDocumentTitle('My Profile');
  const { user } = useAuth();
  const username = user?.username ?? '';
  const [profile, setProfile] = useState<PublicUser | null>(null);
  const [showPasswords, setShowPasswords] = useState(false);

  useEffect(() => {
    if (!username) return;
    const controller = new AbortController();
    getProfile(username, controller.signal).then(setProfile, (error: unknown) => {
      // The session's own copy of the profile is still shown.
      if (!controller.signal.aborted) console.error('Profile load failed', error);
    });
    return () => controller.abort();
  }, [username]);

  // The server's answer when it is about this user; the session's copy until then.
  const shown = profile && profile.username === username ? profile : user;

  return (
    <section className="profile-page">
      <h1>My Profile</h1>
      <dl className="profile-summary">
        <dt>Username</dt>
        <dd>{shown?.username ?? ''}</dd>
        <dt>Email</dt>
        <dd>{shown?.email ?? ''}</dd>
      </dl>

      <label className="inline">
        <input type="checkbox" checked={showPasswords} onChange={(e) => setShowPasswords(e.target.checked)} />
        Show passwords
      </label>

      <div className="profile-forms">
        <UsernameForm />
        <EmailForm showPasswords={showPasswords} />
        <PasswordForm showPasswords={showPasswords} />
      </div>

      <DeleteAccount />
    </section>
  );
}
