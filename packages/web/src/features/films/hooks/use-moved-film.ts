import { useEffect } from 'react';
import type { Film } from '@filmlist/shared/api/films';
import { useNavigate } from '../../../lib/router';
import { filmPath } from '../../../lib/film-paths';

/**
 * A reviewer's edit of the title or year moves a film to a new slug; the server
 * answers its old one with the film under the new slug. The address then
 * becomes the film's own, once, replacing the old one in the history.
 */
export function useMovedFilm(slug: string, film: Film | null, member: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (film && film.slug !== slug) navigate(filmPath(film, member), { replace: true, state: { film } });
  }, [film, slug, member, navigate]);
}
