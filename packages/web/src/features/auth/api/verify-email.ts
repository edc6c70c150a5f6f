import { verificationAnswer } from '@filmlist/shared/api/users';
import { api } from '../../../lib/api-client';

// A token is single-use: StrictMode's second effect (or a re-render) must reuse the first call.
const calls = new Map<string, Promise<boolean>>();

/** GET /api/users/verification/{token}, once per token for the life of the page. */
export function verifyEmail(token: string): Promise<boolean> {
  let call = calls.get(token);
  if (!call) {
    call = api(`/api/users/verification/${encodeURIComponent(token)}`, { schema: verificationAnswer }).then(
      (answer) => answer.success,
      () => false,
    );
    calls.set(token, call);
  }
  return call;
}
