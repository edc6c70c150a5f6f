import { registerAnswer } from '@filmlist/shared/api/users';
import { api } from '../../../lib/api-client';

/** POST /api/users/register: answers 201; a verification email follows. */
export function register(username: string, email: string, password: string): Promise<{ message: string; user_id: number }> {
  return api('/api/users/register', { method: 'POST', body: { username, email, password }, schema: registerAnswer });
}
