import { useMutation } from '@tanstack/react-query';
import { messageBody } from '@filmlist/shared/api/common';
import { api } from '../../../lib/api-client';

/** POST /api/users/resend-verification {email}: a new link for an unverified account; the same answer either way. */
export async function resendVerification(email: string): Promise<string> {
  const answer = await api('/api/users/resend-verification', { method: 'POST', body: { email }, schema: messageBody });
  return answer.message;
}

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
