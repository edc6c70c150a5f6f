import { and, desc, eq, or, sql } from 'drizzle-orm';
import { normalizeTitle } from '@filmlist/shared/film-rules';
import { filmSlug } from '@filmlist/shared/slug';
import type { Database } from '../../db/connection.js';
import { filmSlugs, films } from '../../db/schema.js';
import type { FilmRow } from './presenter.js';

export interface NewFilm {
  title: string;
  releaseYear: number;
  description: string;
  watchLink: string | null;
  addedBy: number | null;
}

export function filmsRepository(db: Database) {
  return {
    listAll(): Promise<FilmRow[]> {
      return db.select().from(films);
    },

    /** The films added last, newest first: ids follow the order films were added (the feed's entries). */
    newest(limit: number): Promise<FilmRow[]> {
      return db.select().from(films).orderBy(desc(films.filmId)).limit(limit);
    },

    async findById(filmId: number, tx: Database = db): Promise<FilmRow | null> {
      const [row] = await tx.select().from(films).where(eq(films.filmId, filmId));
      return row ?? null;
    },

    async findBySlug(slug: string): Promise<FilmRow | null> {
      const [row] = await db.select().from(films).where(eq(films.slug, slug.toLowerCase()));
      return row ?? null;
    },

    /** Case-insensitive title and year, or the slug those make: "Spider Man" finds "Spider-Man". */
    async findByTitleAndYear(title: string, releaseYear: number, tx: Database = db): Promise<FilmRow | null> {
      const [row] = await tx
        .select()
        .from(films)
        .where(
          or(
            and(sql`lower(${films.title}) = lower(${normalizeTitle(title)})`, eq(films.releaseYear, releaseYear)),
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

    /** The film row, locked for an edit or a removal (PRODUCT.md §5's order: films before vote rows). */
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
        .set({ title: values.title, releaseYear: values.releaseYear, description: values.description, watchLink: values.watchLink, slug })
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
          releaseYear: film.releaseYear,
          description: film.description,
          watchLink: film.watchLink,
          slug: filmSlug(film.title, film.releaseYear),
          addedBy: film.addedBy,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
  };
}

export type FilmsRepository = ReturnType<typeof filmsRepository>;
