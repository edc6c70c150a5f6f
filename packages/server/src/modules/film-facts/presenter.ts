import type { FilmFacts, WhereToWatch } from '@filmlist/shared/api/films';
import type { FilmDatabaseConfig } from '../../config.js';
import type { FilmFactsRow } from './repository.js';

/** Where to watch in WATCH_REGION; null when nothing is known for it (offers read for another region are not shown). */
function whereToWatch(row: FilmFactsRow, config: FilmDatabaseConfig): WhereToWatch | null {
  if (row.watchRegion !== config.watchRegion || (row.watchLink === null && row.watchOffers.length === 0)) return null;
  return { region: config.watchRegion, region_name: config.watchRegionName, link: row.watchLink, offers: row.watchOffers };
}

/** What leaves the server of a film's facts; a film without any has tmdb_id null and the rest empty. */
export function presentFacts(row: FilmFactsRow | null, config: FilmDatabaseConfig): FilmFacts {
  return {
    tmdb_id: row?.tmdbId ?? null,
    imdb_id: row?.imdbId ?? null,
    original_title: row?.originalTitle ?? null,
    runtime: row?.runtime ?? null,
    cast: row?.cast ?? [],
    genres: row?.genres ?? [],
    countries: row?.countries ?? [],
    trailer_key: row?.trailerKey ?? null,
    where_to_watch: row ? whereToWatch(row, config) : null,
  };
}
