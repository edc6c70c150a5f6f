import { and, eq, or, sql } from 'drizzle-orm';
import { filmSlug } from '@filmlist/shared/slug';
import type { Database } from '../../db/connection.js';
import { films } from '../../db/schema.js';
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
            and(sql`lower(${films.title}) = lower(${title.trim()})`, eq(films.releaseYear, releaseYear)),
            eq(films.slug, filmSlug(title, releaseYear)),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** Inserts a film; a duplicate title and year (or slug) raises the database's unique violation. */
    async insert(tx: Database, film: NewFilm, now: Date): Promise<FilmRow> {
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
