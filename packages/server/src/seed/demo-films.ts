import { filmSlug } from '@filmlist/shared/slug';
import type { Database } from '../db/connection.js';
import { films } from '../db/schema.js';
import { transaction } from '../db/transaction.js';
import { filmFactsRepository } from '../modules/film-facts/repository.js';
import { DEMO_FILMS, justWatchSearch } from './demo-catalogue.js';
import { seedDemoVotes, type DemoVotes } from './demo-votes.js';
import { titleKeys } from '../lib/identity.js';

export interface DemoSeed extends DemoVotes {
  films: number;
}

/** The demo catalogue with its demo members' answers, in one transaction (a brand-new database: nothing else runs). */
export async function seedDemoCatalogue(db: Database, now: Date): Promise<DemoSeed> {
  const rows = DEMO_FILMS.map((film) => ({
    title: film.title,
    ...titleKeys(film.title),
    releaseYear: film.year,
    description: film.logline,
    watchLink: film.watchable ? justWatchSearch(film.title, film.year) : null,
    slug: filmSlug(film.title, film.year),
    createdAt: now,
  }));
  return transaction(db, async (tx) => {
    const inserted = await tx.insert(films).values(rows).onConflictDoNothing().returning({ id: films.filmId, slug: films.slug });
    // Identity order is catalogue order: the same films get the same answers on every fresh start.
    const filmIds = inserted.map((row) => row.id).sort((a, b) => a - b);
    const idBySlug = new Map(inserted.map((row) => [row.slug, row.id]));
    const facts = DEMO_FILMS.flatMap((film) => {
      const filmId = idBySlug.get(filmSlug(film.title, film.year));
      return filmId === undefined
        ? []
        : [{ filmId, directors: film.directors, countries: film.countries, runtime: film.runtime, imdbId: film.imdbId }];
    });
    await filmFactsRepository(tx).insertTyped(tx, facts);
    const votes = await seedDemoVotes(tx, filmIds, now);
    return { films: inserted.length, ...votes };
  });
}

export const demoFilmCount = DEMO_FILMS.length;
