import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageDecoder } from '../../../lib/decoders';

/** DELETE /api/users/delete {currentPassword}: the signed-in account, its sessions and votes. */
export async function deleteAccount(currentPassword: string): Promise<void> {
  await api('/api/users/delete', { method: 'DELETE', body: { currentPassword }, schema: messageDecoder, auth: true });
}

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
