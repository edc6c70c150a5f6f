import { useMutation } from '@tanstack/react-query';
import { messageBody } from '@filmlist/shared/api/common';
import { api } from '../../../lib/api-client';

/** DELETE /api/users/delete {currentPassword}: the signed-in account, its sessions and votes. */
export async function deleteAccount(currentPassword: string): Promise<void> {
  await api('/api/users/delete', { method: 'DELETE', body: { currentPassword }, schema: messageBody, auth: true });
}

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
