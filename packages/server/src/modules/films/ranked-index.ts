import type { Film } from '@filmlist/shared/api/films';
import type { RankedList } from './film-list-cache.js';

/** Lookups into one ranked list, built once per list on first use. */
export interface RankedIndex {
  /** the film with this id and its 1-based rank, if the list holds it */
  byId(filmId: number): { film: Film; rank: number } | undefined;
  /** the same by current slug */
  bySlug(slug: string): { film: Film; rank: number } | undefined;
}

// Keyed by the list itself: a new list (after any write) gets a new index, the old one is collected with it.
const indexes = new WeakMap<RankedList, RankedIndex>();

export function rankedIndex(list: RankedList): RankedIndex {
  let index = indexes.get(list);
  if (!index) {
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
    index = {
      byId: (filmId) => at(ids.get(filmId)),
      bySlug: (slug) => at(slugs.get(slug.toLowerCase())),
    };
    indexes.set(list, index);
  }
  return index;
}
