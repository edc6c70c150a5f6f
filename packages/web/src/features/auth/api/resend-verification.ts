import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageDecoder } from '../../../lib/decoders';

/** POST /api/users/resend-verification {email}: a new link for an unverified account; the same answer either way. */
export async function resendVerification(email: string): Promise<string> {
  const answer = await api('/api/users/resend-verification', { method: 'POST', body: { email }, schema: messageDecoder });
  return answer.message;
}

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
