import { useEffect, useState } from 'react';
import { checkUser } from '../api/check-user';
import { emailError, usernameError } from '../signup-validation';

export const AVAILABILITY_DEBOUNCE_MS = 400;

interface Checked {
  username: string;
  email: string;
  usernameExists: boolean;
  emailExists: boolean;
}

/**
 * Asks the server, a moment after typing stops, whether the username and email
 * are already held. A failed check says nothing: the submit checks again.
 */
export function useAvailability(username: string, email: string): { usernameTaken: boolean; emailTaken: boolean } {
  const [checked, setChecked] = useState<Checked | null>(null);

  useEffect(() => {
    const u = usernameError(username) ? '' : username;
    const e = emailError(email) ? '' : email;
    if (!u && !e) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      checkUser(u, e, controller.signal).then(
        (answer) => setChecked({ username: u, email: e, ...answer }),
        () => undefined,
      );
    }, AVAILABILITY_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [username, email]);

  return {
    usernameTaken: checked !== null && checked.username !== '' && checked.username === username && checked.usernameExists,
    emailTaken: checked !== null && checked.email !== '' && checked.email === email && checked.emailExists,
  };
}
