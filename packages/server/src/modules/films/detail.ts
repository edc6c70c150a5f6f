import type { FilmDetail } from '@filmlist/shared/api/films';
import type { FilmDatabaseConfig } from '../../config.js';
import type { Database } from '../../db/connection.js';
import { presentFacts } from '../film-facts/presenter.js';
import { filmFactsRepository } from '../film-facts/repository.js';
import { presentFilm } from './presenter.js';
import { recommendationOf } from './recommendation.js';
import { filmsRepository } from './repository.js';

/** A film as its page shows it: its list row, its facts (docs/product.md §Film database) and its note; null when it is gone. */
export async function filmDetail(db: Database, config: FilmDatabaseConfig, filmId: number): Promise<FilmDetail | null> {
  const [listed, facts, recommendation] = await Promise.all([
    filmsRepository(db).findListed(filmId),
    filmFactsRepository(db).findByFilm(filmId),
    recommendationOf(db, filmId),
  ]);
  return listed ? { ...presentFilm(listed), ...presentFacts(facts, config), recommendation } : null;
}
