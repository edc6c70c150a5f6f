import { and, desc, eq, exists, gte, inArray, lt, not, or, sql } from 'drizzle-orm';
import { NEW_FILM_ANSWERS_BELOW, NEW_FILM_DAYS, NEW_FILMS_SHELF } from '@filmlist/shared/constants';
import { filmSlug } from '@filmlist/shared/slug';
import type { Database } from '../../db/connection.js';
import { filmFacts, filmSlugs, films, mentions, ratings } from '../../db/schema.js';
import { titleKeys } from '../../lib/identity.js';
import type { FilmRow, ListedFilmRow } from './presenter.js';

export interface NewFilm {
  title: string;
  releaseYear: number;
  description: string;
  watchLink: string | null;
  addedBy: number | null;
  /** the recommendation note the reviewer kept, its writer, and whether they are named (docs/product.md §Recommendation note) */
  note?: { text: string; by: number | null; named: boolean } | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The columns of a film that its list row shows, and those of its facts (a film without facts has nulls). */
const listedColumns = {
  filmId: films.filmId,
  title: films.title,
  releaseYear: films.releaseYear,
  description: films.description,
  watchLink: films.watchLink,
  slug: films.slug,
  notHeardCount: films.notHeardCount,
  heardNotRatedCount: films.heardNotRatedCount,
  ratingCount: films.ratingCount,
  ratingSum: films.ratingSum,
  directors: filmFacts.directors,
  posterPath: filmFacts.posterPath,
};

/**
 * Films with what their list rows show, and nothing else: every film is read whenever the ranked list is
 * read whole, so the columns are only those, flat (drizzle maps a flat row for about four fifths of a nested
 * one's CPU, and the timestamps and notes it would parse are not shown).
 */
async function listed(db: Database, filmIds?: readonly number[]): Promise<ListedFilmRow[]> {
  const query = db.select(listedColumns).from(films).leftJoin(filmFacts, eq(filmFacts.filmId, films.filmId));
  const rows = await (filmIds === undefined ? query : query.where(inArray(films.filmId, [...filmIds])));
  return rows.map(({ directors, posterPath, ...film }) => ({
    film,
    facts: directors === null ? null : { directors, posterPath },
  }));
}

export function filmsRepository(db: Database) {
  /** The member has answered (or rated) the film of the outer query. */
  const votedOn = (votes: typeof mentions | typeof ratings, userId: number) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(votes)
        .where(and(eq(votes.userId, userId), eq(votes.filmId, films.filmId))),
    );

  return {
    /** Every film, with what its list row shows of its facts. */
    listAll(): Promise<ListedFilmRow[]> {
      return listed(db);
    },
    /** These films as listAll has them; a film that is gone is left out. */
    listSome(filmIds: readonly number[]): Promise<ListedFilmRow[]> {
      return filmIds.length === 0 ? Promise.resolve([]) : listed(db, filmIds);
    },
    /** One film as listAll has it. */
    async findListed(filmId: number): Promise<ListedFilmRow | null> {
      const [row] = await listed(db, [filmId]);
      return row ?? null;
    },

    /** The films added last, newest first: ids follow the order films were added (the feed's entries). */
    newest(limit: number): Promise<FilmRow[]> {
      return db.select().from(films).orderBy(desc(films.filmId)).limit(limit);
    },

    /**
     * The shelf "New on the list: help rank these" (docs/product.md §New films):
     * films added in the last NEW_FILM_DAYS days with fewer than
     * NEW_FILM_ANSWERS_BELOW answers (N + H + R), newest first, at most
     * NEW_FILMS_SHELF; for a member, only those they have neither answered nor
     * rated. films_created_idx finds the recent ones.
     */
    awaitingAnswers(now: Date, memberId: number | null): Promise<{ filmId: number; createdAt: Date }[]> {
      return db
        .select({ filmId: films.filmId, createdAt: films.createdAt })
        .from(films)
        .where(
          and(
            gte(films.createdAt, new Date(now.getTime() - NEW_FILM_DAYS * DAY_MS)),
            lt(sql`${films.notHeardCount} + ${films.heardNotRatedCount} + ${films.ratingCount}`, NEW_FILM_ANSWERS_BELOW),
            memberId === null ? undefined : not(votedOn(mentions, memberId)),
            memberId === null ? undefined : not(votedOn(ratings, memberId)),
          ),
        )
        .orderBy(desc(films.createdAt), desc(films.filmId))
        .limit(NEW_FILMS_SHELF);
    },

    async findById(filmId: number, tx: Database = db): Promise<FilmRow | null> {
      const [row] = await tx.select().from(films).where(eq(films.filmId, filmId));
      return row ?? null;
    },

    async findBySlug(slug: string): Promise<FilmRow | null> {
      const [row] = await db.select().from(films).where(eq(films.slug, slug.toLowerCase()));
      return row ?? null;
    },

    /**
     * The film this title and year name: one whose title folds alike or looks alike in that year
     * (lib/identity.ts), or whose address the title and year make ("Spider Man" finds "Spider-Man").
     */
    async findByTitleAndYear(title: string, releaseYear: number, tx: Database = db): Promise<FilmRow | null> {
      const keys = titleKeys(title);
      const [row] = await tx
        .select()
        .from(films)
        .where(
          or(
            and(or(eq(films.titleKey, keys.titleKey), eq(films.titleSkeleton, keys.titleSkeleton)), eq(films.releaseYear, releaseYear)),
            eq(films.slug, filmSlug(title, releaseYear)),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** The film an earlier slug belonged to, before its title or year was edited. */
    async findByOldSlug(slug: string): Promise<FilmRow | null> {
      const [row] = await db
        .select({ film: films })
        .from(filmSlugs)
        .innerJoin(films, eq(films.filmId, filmSlugs.filmId))
        .where(eq(filmSlugs.slug, slug.toLowerCase()));
      return row?.film ?? null;
    },

    /** The film row, locked for an edit or a removal (docs/product.md §Vote integrity's order: films before vote rows). */
    async lockById(tx: Database, filmId: number): Promise<FilmRow | null> {
      const [row] = await tx.select().from(films).where(eq(films.filmId, filmId)).for('update');
      return row ?? null;
    },

    /**
     * New title, year, logline and watch link. A new slug keeps the old one
     * pointing at the film; a duplicate raises the unique violation.
     */
    async update(tx: Database, before: FilmRow, values: Omit<NewFilm, 'addedBy'>, now: Date): Promise<FilmRow> {
      const slug = filmSlug(values.title, values.releaseYear);
      const [row] = await tx
        .update(films)
        .set({
          title: values.title,
          ...titleKeys(values.title),
          releaseYear: values.releaseYear,
          description: values.description,
          watchLink: values.watchLink,
          slug,
        })
        .where(eq(films.filmId, before.filmId))
        .returning();
      if (!row) throw new Error('update returned no row');
      if (slug !== before.slug) {
        // A slug that once was this film's and is again must not redirect to itself.
        await tx.delete(filmSlugs).where(eq(filmSlugs.slug, slug));
        await tx
          .insert(filmSlugs)
          .values({ slug: before.slug, filmId: before.filmId, createdAt: now })
          .onConflictDoUpdate({ target: filmSlugs.slug, set: { filmId: before.filmId, createdAt: now } });
      }
      return row;
    },

    /** Removes the film; its mentions, ratings, clicks and old slugs go with it (foreign keys cascade). */
    async remove(tx: Database, filmId: number): Promise<void> {
      await tx.delete(films).where(eq(films.filmId, filmId));
    },

    /** Inserts a film; a duplicate title and year (or slug) raises the database's unique violation. */
    async insert(tx: Database, film: NewFilm, now: Date): Promise<FilmRow> {
      // A new film takes its slug back from an edited one that used to have it.
      await tx.delete(filmSlugs).where(eq(filmSlugs.slug, filmSlug(film.title, film.releaseYear)));
      const [row] = await tx
        .insert(films)
        .values({
          title: film.title,
          ...titleKeys(film.title),
          releaseYear: film.releaseYear,
          description: film.description,
          watchLink: film.watchLink,
          slug: filmSlug(film.title, film.releaseYear),
          addedBy: film.addedBy,
          note: film.note?.text ?? null,
          noteBy: film.note?.by ?? null,
          noteNamed: film.note?.named ?? true,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** A reviewer's edit of a film's note: a text replaces it (its writer stays), null drops it (docs/product.md §Recommendation note). */
    async setNote(tx: Database, filmId: number, note: string | null): Promise<void> {
      await tx
        .update(films)
        .set(note === null ? { note: null, noteBy: null, noteNamed: true } : { note })
        .where(eq(films.filmId, filmId));
    },

    /** The writer of a film's note changed whether they are named with it. */
    async setNoteNamed(filmId: number, writer: number, named: boolean): Promise<void> {
      await db
        .update(films)
        .set({ noteNamed: named })
        .where(and(eq(films.filmId, filmId), eq(films.noteBy, writer)));
    },
  };
}

export type FilmsRepository = ReturnType<typeof filmsRepository>;
