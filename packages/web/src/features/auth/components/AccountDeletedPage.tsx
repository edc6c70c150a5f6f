import { messages } from '@filmlist/shared/messages';
import { useEffect, useRef } from 'react';
import { useAuth } from '../../../lib/auth';
import { Link } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** docs/product.md §Public screens: logs out and says goodbye; a new account may be created anytime. */
export default function AccountDeletedPage() {
  useDocumentTitle('Account Deleted');
  const { logout } = useAuth();
  const logoutOnce = useRef(logout);

  useEffect(() => {
    void logoutOnce.current();
  }, []);

  return (
    <section className="auth-page">
      <h1>We&apos;re sorry to see you go!</h1>
      <p>{messages.accountDeleted}</p>
      <p>
        You are welcome back anytime: you may <Link to="/signup">create a new account</Link> whenever you like.
      </p>
    </section>
  );
}
