import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { availabilityQuery } from '../api/check-user';
import { emailError, usernameError } from '../signup-validation';

export const AVAILABILITY_DEBOUNCE_MS = 400;

interface Asked {
  username: string;
  email: string;
}

/** The valid username and email ('' for one that is not), once typing has stopped for a moment. */
function useSettledInput(username: string, email: string): Asked {
  const [settled, setSettled] = useState<Asked>({ username: '', email: '' });
  useEffect(() => {
    const next = { username: usernameError(username) ? '' : username, email: emailError(email) ? '' : email };
    if (!next.username && !next.email) return;
    const timer = window.setTimeout(() => setSettled(next), AVAILABILITY_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [username, email]);
  return settled;
}

/**
 * Asks the server, a moment after typing stops, whether the username and email
 * are already held. A failed check says nothing: the submit checks again.
 */
export function useAvailability(username: string, email: string): { usernameTaken: boolean; emailTaken: boolean } {
  const asked = useSettledInput(username, email);
  const { data } = useQuery({ ...availabilityQuery(asked.username, asked.email), enabled: asked.username !== '' || asked.email !== '' });
  // An answer counts only while the field still holds what was asked about.
  return {
    usernameTaken: data !== undefined && asked.username !== '' && asked.username === username && data.usernameExists,
    emailTaken: data !== undefined && asked.email !== '' && asked.email === email && data.emailExists,
  };
}
