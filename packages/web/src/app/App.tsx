import { AppProviders } from './providers';
import { queryClient } from './query-client';
import { AppRoutes } from './routes';
import { Shell } from './shell/Shell';

export function App() {
  return (
    <AppProviders client={queryClient}>
      <Shell>
        <AppRoutes />
      </Shell>
    </AppProviders>
  );
}
