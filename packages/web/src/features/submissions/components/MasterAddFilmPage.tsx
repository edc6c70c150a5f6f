import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocation } from '../../../lib/router';
import { ReviewerForm } from './ReviewerForm';

/**
 * /master/addfilm/{title}/{release_year}/{description}/{user_id}: the reviewer
 * form, prefilled from the path (docs/product.md §Reviewer link). A new path is a new form.
 */
export default function MasterAddFilmPage() {
  const { pathname } = useLocation();
  useDocumentTitle('Review Film');
  return (
    <section className="film-form-page">
      <h1>Review a Film</h1>
      <p className="form-intro">
        Check the details, add a watch link if there is one, then add the film to The Film List or reject it. The member who submitted it is
        told by email either way.
      </p>
      <ReviewerForm key={pathname} />
    </section>
  );
}
