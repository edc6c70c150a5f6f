import { messages } from '@filmlist/shared/messages';
import { useAuth } from '../../../lib/auth';
import { useFilmDetails } from '../../../lib/film-details';
import { useParams } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { EditFilmForm } from './EditFilmForm';

/** /master/films/{slug}/edit: a reviewer edits or removes a film (docs/product.md §Reviewer tools). */
export default function EditFilmPage() {
  useDocumentTitle('Edit Film');
  const { slug = '' } = useParams();
  const { user } = useAuth();
  const knownNotReviewer = user?.isReviewer === false;
  const details = useFilmDetails(slug, !knownNotReviewer);

  return (
    <section className="film-form-page">
      <h1>Edit a Film</h1>
      {knownNotReviewer ? (
        <p className="error" role="alert">
          {messages.reviewerOnly}
        </p>
      ) : details.isPending ? (
        <p className="page-loading">Loading...</p>
      ) : details.data ? (
        <EditFilmForm key={details.data.film_id} film={details.data} />
      ) : (
        <p className="error" role="alert">
          {messages.filmNotFound}
        </p>
      )}
    </section>
  );
}
