import { queryOptions } from '@tanstack/react-query';
import { checkUserAnswer } from '@filmlist/shared/api/users';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface Availability {
  usernameExists: boolean;
  emailExists: boolean;
}

/** POST /api/users/check: are this username and email already held? */
export function checkUser(username: string, email: string, signal?: AbortSignal): Promise<Availability> {
  const body: { username?: string; email?: string } = {};
  if (username) body.username = username;
  if (email) body.email = email;
  return api('/api/users/check', { method: 'POST', body, schema: checkUserAnswer, signal });
}

/** The check for a username and an email ('' for one not asked about). */
export const availabilityQuery = (username: string, email: string) =>
  queryOptions({ queryKey: queryKeys.availability(username, email), queryFn: ({ signal }) => checkUser(username, email, signal) });
