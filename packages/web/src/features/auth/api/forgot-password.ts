import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageDecoder } from '../../../lib/decoders';

/** POST /api/users/forgot-password {email}: the same answer whether an account has the address or not. */
export async function requestPasswordReset(email: string): Promise<string> {
  const answer = await api('/api/users/forgot-password', { method: 'POST', body: { email }, schema: messageDecoder });
  return answer.message;
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
