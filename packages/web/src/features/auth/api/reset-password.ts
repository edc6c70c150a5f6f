import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageDecoder } from '../../../lib/decoders';

export interface PasswordReset {
  /** from the emailed link, /reset-password/{token} */
  token: string;
  password: string;
}

/** POST /api/users/reset-password {token, password}: the new password; every session of the account ends. */
export async function resetPassword({ token, password }: PasswordReset): Promise<string> {
  const answer = await api('/api/users/reset-password', { method: 'POST', body: { token, password }, schema: messageDecoder });
  return answer.message;
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
