import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { registeredDecoder } from '../../../lib/decoders';

export interface Registration {
  username: string;
  email: string;
  password: string;
}

/** POST /api/users/register: answers 201; a verification email follows. */
export function register({ username, email, password }: Registration): Promise<{ message: string; user_id: number }> {
  return api('/api/users/register', { method: 'POST', body: { username, email, password }, schema: registeredDecoder });
}

export const useRegister = () => useMutation({ mutationFn: register });
