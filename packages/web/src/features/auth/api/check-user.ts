import { checkUserAnswer } from '@filmlist/shared/api/users';
import { api } from '../../../lib/api-client';

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
