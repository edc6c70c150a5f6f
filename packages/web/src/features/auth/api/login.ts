import type { LoginAnswer } from '@filmlist/shared/api/users';
import { api } from '../../../lib/api-client';
import { loginAnswerDecoder } from '../../../lib/decoders';

/** POST /api/users/login */
export function login(username: string, password: string): Promise<LoginAnswer> {
  return api('/api/users/login', { method: 'POST', body: { username, password }, schema: loginAnswerDecoder });
}
