import { useEffect } from 'react';
import { SITE_NAME } from '@filmlist/shared/constants';

/** "<Page> | The Film List" while the page is shown. */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = `${page} | ${SITE_NAME}`;
  }, [page]);
}
