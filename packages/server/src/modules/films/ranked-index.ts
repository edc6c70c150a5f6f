import type { ListedFilm } from '@filmlist/shared/api/films';
import { perList, type RankedList } from './film-list-cache.js';

/** Lookups into one ranked list, built once per list on first use. */
export interface RankedIndex {
  /** the film with this id and its 1-based rank, if the list holds it */
  byId(filmId: number): { film: ListedFilm; rank: number } | undefined;
  /** the same by current slug */
  bySlug(slug: string): { film: ListedFilm; rank: number } | undefined;
}

/** Built once per list, on first use. */
export const rankedIndex = perList((list: RankedList): RankedIndex => {
  const ids = new Map<number, number>();
  const slugs = new Map<string, number>();
  list.films.forEach((film, position) => {
    ids.set(film.film_id, position);
    slugs.set(film.slug, position);
  });
  const at = (position: number | undefined) => {
    const film = position === undefined ? undefined : list.films[position];
    return film && position !== undefined ? { film, rank: position + 1 } : undefined;
  };
  return {
    byId: (filmId) => at(ids.get(filmId)),
    bySlug: (slug) => at(slugs.get(slug.toLowerCase())),
  };
});
