import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

/**
 * What a query or mutation declares about itself. `failure` is logged with the
 * error, for the answers whose failure is only logged (docs/product.md §Errors).
 */
// A type, not an interface: TanStack Query wants the meta assignable to Record<string, unknown>.
export type ServerStateMeta = { failure?: string };

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ServerStateMeta;
    mutationMeta: ServerStateMeta;
  }
}

function logFailure(meta: ServerStateMeta | undefined, error: unknown): void {
  if (meta?.failure) console.error(meta.failure, error);
}

/**
 * The one cache of server state. Answers are shared between pages for 30 s,
 * then read again when a page needs them; writes say what they refresh. One
 * attempt per request, as before: a failure shows at once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => logFailure(query.meta, error) }),
    mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => logFailure(mutation.meta, error) }),
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}
