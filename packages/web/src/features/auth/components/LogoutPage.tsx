import { useEffect, useRef } from 'react';
import { LOGOUT_REDIRECT_MS } from '@filmlist/shared/constants';
import { useAuth } from '../../../lib/auth';
import { useNavigate } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** docs/product.md §Public screens: logs out, shows "Logging out..." and goes home after 1 second. */
export default function LogoutPage() {
  useDocumentTitle('Logging out');
  const { logout } = useAuth();
  // The first logout is the one; the auth value changes once the session is gone.
  const logoutOnce = useRef(logout);
  const navigate = useNavigate();

  useEffect(() => {
    void logoutOnce.current();
    const timer = window.setTimeout(() => navigate('/', { replace: true }), LOGOUT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <section className="auth-page">
      <h1 role="status">Logging out...</h1>
    </section>
  );
}
