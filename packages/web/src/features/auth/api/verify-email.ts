import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { verificationDecoder } from '../../../lib/decoders';
import { queryKeys } from '../../../lib/query-keys';

/**
 * What the link did: verified the account now, found it verified already (the
 * link followed a second time), or failed (invalid or expired).
 */
export type Verification = 'verified' | 'alreadyVerified' | 'failed';

/**
 * GET /api/users/verification/{token}. A refusal of the link (400, 404, 410)
 * is a failed verification; anything else (no connection, too many requests,
 * a server error) is thrown, so the page can offer to try again.
 */
export async function verifyEmail(token: string): Promise<Verification> {
  try {
    const answer = await api(`/api/users/verification/${encodeURIComponent(token)}`, { schema: verificationDecoder });
    if (!answer.success) return 'failed';
    return answer.alreadyVerified ? 'alreadyVerified' : 'verified';
  } catch (error) {
    if (error instanceof ApiError && [400, 404, 410].includes(error.status)) return 'failed';
    throw error;
  }
}

/**
 * A token is single-use: it is sent once for the life of the page. The call
 * takes no abort signal, so StrictMode's second mount joins the first call
 * instead of cancelling it and sending the token again.
 */
export const useEmailVerification = (token: string) =>
  useQuery({ queryKey: queryKeys.verification(token), queryFn: () => verifyEmail(token), staleTime: Infinity, gcTime: Infinity });
