import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDebounced } from '../../../lib/use-debounced';
import { api } from '../../../lib/api-client';
import { availabilityDecoder } from '../../../lib/decoders';
import { queryKeys } from '../../../lib/query-keys';
import { emailError, usernameError } from '../signup-validation';

export interface Availability {
  usernameExists: boolean;
  emailExists: boolean;
}

/** POST /api/users/check: are this username and email already held? */
export function checkUser(username: string, email: string, signal?: AbortSignal): Promise<Availability> {
  const body: { username?: string; email?: string } = {};
  if (username) body.username = username;
  if (email) body.email = email;
  return api('/api/users/check', { method: 'POST', body, schema: availabilityDecoder, signal });
}

/** The check for a username and an email ('' for one not asked about). */
export const availabilityQuery = (username: string, email: string) =>
  queryOptions({ queryKey: queryKeys.availability(username, email), queryFn: ({ signal }) => checkUser(username, email, signal) });

/** The check asked afresh, as a submit needs it (an answer given while typing may be out of date). */
export function useCheckAvailability(): (username: string, email: string) => Promise<Availability> {
  const client = useQueryClient();
  return (username, email) => client.fetchQuery({ ...availabilityQuery(username, email), staleTime: 0 });
}

export const AVAILABILITY_DEBOUNCE_MS = 400;

/** The valid username and email ('' for one that is not), once typing in either has stopped for a moment. */
function useSettledInput(username: string, email: string): { username: string; email: string } {
  // One settled value for both fields (NUL is in neither: the text rules refuse it), so a keystroke in either waits.
  const [settledUsername = '', settledEmail = ''] = useDebounced(`${username}\u0000${email}`, AVAILABILITY_DEBOUNCE_MS).split('\u0000');
  return { username: usernameError(settledUsername) ? '' : settledUsername, email: emailError(settledEmail) ? '' : settledEmail };
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
