import { useAuth } from '../../../lib/auth';
import { Link } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  const { isAuthenticated } = useAuth();
  return (
    <section className="not-found">
      <h1>Page Not Found</h1>
      <p>Sorry, there is no page at this address. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link to={isAuthenticated ? '/dashboard' : '/'}>Go to The Film List home page</Link>
      </p>
    </section>
  );
}
