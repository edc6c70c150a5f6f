import { useMutation } from '@tanstack/react-query';
import { messageBody } from '@filmlist/shared/api/common';
import { api } from '../../../lib/api-client';

/** POST /api/users/forgot-password {email}: the same answer whether an account has the address or not. */
export async function requestPasswordReset(email: string): Promise<string> {
  const answer = await api('/api/users/forgot-password', { method: 'POST', body: { email }, schema: messageBody });
  return answer.message;
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
