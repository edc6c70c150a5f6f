import { ListSearch } from '../../../components/ListSearch';
import { useAuth } from '../../../lib/auth';
import { Link } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** An unknown path (docs/product.md §Errors): answered 404, with a search of the list and the way home. */
export default function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  const { isAuthenticated } = useAuth();
  return (
    <section className="not-found">
      <h1>Page Not Found</h1>
      <p>Sorry, there is no page at this address. It may have moved, or the link may be mistyped.</p>
      <ListSearch />
      <p>
        <Link to={isAuthenticated ? '/dashboard' : '/'}>Go to The Film List home page</Link>
      </p>
    </section>
  );
}
