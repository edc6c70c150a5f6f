/**
 * The PostgreSQL NOTIFY channel on which instances tell each other that films
 * or their counters changed (app.ts's change feed drops the ranked list on it).
 * A command that changes them outside a server (demo:clear) notifies it too.
 */
export const FILMS_CHANGED_CHANNEL = 'filmlist_films';

/**
 * At most this many film ids in one notice; past them it says "any film". A
 * notice's payload must stay under PostgreSQL's 8,000 bytes, and one read of
 * every film costs less than a few hundred lookups.
 */
export const MAX_FILMS_NAMED = 500;

/** Which films changed: these, or any of them (`'all'`). */
export type FilmChanges = Set<number> | 'all';

/** The payload of a notice: the ids, comma-separated, or nothing for "any film". */
export function encodeFilmChanges(changes: FilmChanges): string {
  if (changes === 'all' || changes.size === 0 || changes.size > MAX_FILMS_NAMED) return '';
  return [...changes].join(',');
}

/**
 * The films a notice names, or undefined for any film: an empty payload (a
 * command's bare NOTIFY, an instance that names none) or one that is not a
 * list of ids.
 */
export function decodeFilmChanges(payload: string): number[] | undefined {
  if (payload.length === 0 || payload.length > 8000 || !/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/.test(payload)) return undefined;
  const ids = payload.split(',').map(Number);
  return ids.every((id) => Number.isSafeInteger(id) && id <= 2_147_483_647) ? ids : undefined;
}
