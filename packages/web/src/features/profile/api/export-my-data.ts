import { useMutation } from '@tanstack/react-query';
import type { MyExport } from '@filmlist/shared/api/me';
import { api } from '../../../lib/api-client';
import { myExportDecoder } from '../../../lib/decoders';

/**
 * GET /api/me/export (bearer): everything held about the member, without
 * secrets (Australian Privacy Principle 12), checked against the contract.
 */
export function exportMyData(): Promise<MyExport> {
  return api('/api/me/export', { auth: true, schema: myExportDecoder });
}

export const useExportMyData = () => useMutation({ mutationFn: exportMyData });
