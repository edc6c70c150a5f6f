import { useMutation } from '@tanstack/react-query';
import type { LoginAnswer } from '@filmlist/shared/api/users';
import { api } from '../../../lib/api-client';
import { loginAnswerDecoder } from '../../../lib/decoders';

export interface Credentials {
  username: string;
  password: string;
}

/** POST /api/users/login */
export function login({ username, password }: Credentials): Promise<LoginAnswer> {
  return api('/api/users/login', { method: 'POST', body: { username, password }, schema: loginAnswerDecoder });
}

export const useLogin = () => useMutation({ mutationFn: login });
