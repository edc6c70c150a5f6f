import { messageBody } from '@filmlist/shared/api/common';
import { api } from '../../../lib/api-client';

/** DELETE /api/users/delete: the signed-in account, its sessions and votes. */
export async function deleteAccount(): Promise<void> {
  await api('/api/users/delete', { method: 'DELETE', schema: messageBody, auth: true });
}
