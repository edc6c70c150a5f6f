import { Router } from '../lib/router';
import { AuthProvider } from '../lib/auth';
import { AppRoutes } from './routes';
import { Shell } from './shell/Shell';

export function App() {
  return (
    <Router>
      <AuthProvider>
        <Shell>
          <AppRoutes />
        </Shell>
      </AuthProvider>
    </Router>
  );
}
