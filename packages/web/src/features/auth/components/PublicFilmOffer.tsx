import { PAGES, matchPath } from '@filmlist/shared/pages';
import { parseFilmParam } from '@filmlist/shared/slug';
import { Link } from '../../../lib/router';
import { publicFilmPath } from '../../../lib/film-paths';

/** The slug of the member film page a visitor was sent to Login from, if that is where they were going. */
export function privateFilmSlug(from: string | null): string | null {
  if (from === null) return null;
  const params = matchPath(PAGES.privateFilm, from.split(/[?#]/u)[0] ?? '');
  const slug = params?.filmDetails;
  return slug && slug.length > 5 ? slug : null;
}

/**
 * docs/product.md §Film page: a member's film address sent to a friend leads to Login; the friend can
 * open the film's public page from there in one tap.
 */
export function PublicFilmOffer({ slug }: { slug: string }) {
  const { title, year } = parseFilmParam(slug);
  return (
    <aside className="public-film-offer" aria-label="The film you were sent">
      <p>
        You can see{' '}
        <bdi>
          <strong>{title}</strong>
        </bdi>{' '}
        ({year}) on The Film List without logging in.
      </p>
      <Link className="button" to={publicFilmPath(slug)}>
        See the film
      </Link>
    </aside>
  );
}
