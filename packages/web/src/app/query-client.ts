import { createQueryClient } from '../lib/query-client';

/** The app's one cache of server state. */
export const queryClient = createQueryClient();
