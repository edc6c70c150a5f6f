import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { filmFacts } from '../../db/schema.js';
import type { ExtractedFacts } from './extract.js';

export type FilmFactsRow = typeof filmFacts.$inferSelect;

/** The one home of the film_facts writes: links, and the facts read from the film database. */
export function filmFactsRepository(db: Database) {
  return {
    async findByFilm(filmId: number, tx: Database = db): Promise<FilmFactsRow | null> {
      const [row] = await tx.select().from(filmFacts).where(eq(filmFacts.filmId, filmId));
      return row ?? null;
    },

    /** The listed film linked to this film database entry, if one is. */
    async findByTmdbId(tmdbId: number, tx: Database = db): Promise<FilmFactsRow | null> {
      const [row] = await tx.select().from(filmFacts).where(eq(filmFacts.tmdbId, tmdbId));
      return row ?? null;
    },

    /** The listed films linked to these entries (the lookup marks them). */
    listLinked(tmdbIds: readonly number[]): Promise<Array<{ filmId: number; tmdbId: number | null }>> {
      if (tmdbIds.length === 0) return Promise.resolve([]);
      return db
        .select({ filmId: filmFacts.filmId, tmdbId: filmFacts.tmdbId })
        .from(filmFacts)
        .where(inArray(filmFacts.tmdbId, [...tmdbIds]));
    },

    /**
     * Links a film to its entry. A new entry drops the facts of the old one
     * until they are read again; another film already linked to the entry
     * raises the unique violation.
     */
    async link(tx: Database, filmId: number, tmdbId: number): Promise<void> {
      const fresh = {
        tmdbId,
        imdbId: null,
        originalTitle: null,
        runtime: null,
        directors: [],
        cast: [],
        genres: [],
        countries: [],
        trailerKey: null,
        posterPath: null,
        watchRegion: null,
        watchLink: null,
        watchOffers: [],
        refreshedAt: null,
        refreshTriedAt: null,
        refreshFailures: 0,
      };
      const current = await this.findByFilm(filmId, tx);
      if (current?.tmdbId === tmdbId) return;
      await tx
        .insert(filmFacts)
        .values({ filmId, ...fresh })
        .onConflictDoUpdate({ target: filmFacts.filmId, set: fresh });
    },

    /** The film is no longer linked: its facts, all read from the entry, go with the link. */
    async unlink(tx: Database, filmId: number): Promise<void> {
      await tx.delete(filmFacts).where(eq(filmFacts.filmId, filmId));
    },

    /** Facts typed in by hand (the demo catalogue), with no link. */
    async insertTyped(tx: Database, rows: ReadonlyArray<{ filmId: number } & Partial<ExtractedFacts>>): Promise<void> {
      if (rows.length > 0) await tx.insert(filmFacts).values([...rows]);
    },

    /**
     * Facts just read for `tmdbId`, with the poster once its file is stored (null when the entry
     * has none; undefined keeps the film's poster, generated or an earlier one:
     * docs/product.md §Posters). `complete` is false when the poster could not be stored: the film is then tried
     * again soon (claimDue), counted from now. Kept only if the film is still linked to that entry (a reviewer may
     * have changed the link meanwhile).
     */
    async store(
      filmId: number,
      tmdbId: number,
      facts: ExtractedFacts,
      read: { posterPath: string | null | undefined; complete: boolean },
      now: Date,
    ): Promise<boolean> {
      const updated = await db
        .update(filmFacts)
        .set({
          ...facts,
          ...(read.posterPath === undefined ? {} : { posterPath: read.posterPath }),
          refreshedAt: now,
          ...(read.complete ? { refreshFailures: 0 } : { refreshFailures: sql`${filmFacts.refreshFailures} + 1`, refreshTriedAt: now }),
        })
        .where(and(eq(filmFacts.filmId, filmId), eq(filmFacts.tmdbId, tmdbId)))
        .returning({ filmId: filmFacts.filmId });
      return updated.length > 0;
    },

    /**
     * The film database could not answer (or only with a stale answer): the film is tried again
     * soon, then less often, counted from now (a refresh after an edit is not claimed first).
     */
    async refreshFailed(filmId: number, tmdbId: number, now: Date): Promise<void> {
      await db
        .update(filmFacts)
        .set({ refreshFailures: sql`${filmFacts.refreshFailures} + 1`, refreshTriedAt: now })
        .where(and(eq(filmFacts.filmId, filmId), eq(filmFacts.tmdbId, tmdbId)));
    },

    /** The film database no longer has the entry: its facts stay, and it is not asked again for a week. */
    async markRefreshed(filmId: number, now: Date): Promise<void> {
      await db.update(filmFacts).set({ refreshedAt: now, refreshFailures: 0 }).where(eq(filmFacts.filmId, filmId));
    },

    /**
     * Up to `limit` linked films whose facts are older than `staleBefore`, were never read, or
     * whose last try did not complete, each not tried for `retry.firstMs` (doubled for each failed
     * try in a row after the first, up to `retry.maxMs`), each marked as tried in the same
     * statement: instances running side by side take different films.
     */
    async claimDue(
      now: Date,
      staleBefore: Date,
      retry: { firstMs: number; maxMs: number },
      limit: number,
    ): Promise<Array<{ filmId: number; tmdbId: number }>> {
      const waitMs = sql`least(${retry.firstMs}::float8 * power(2, greatest(${filmFacts.refreshFailures} - 1, 0)), ${retry.maxMs}::float8)`;
      const due = db
        .select({ filmId: filmFacts.filmId })
        .from(filmFacts)
        .where(
          and(
            isNotNull(filmFacts.tmdbId),
            or(isNull(filmFacts.refreshedAt), lt(filmFacts.refreshedAt, staleBefore), gt(filmFacts.refreshFailures, 0)),
            or(
              isNull(filmFacts.refreshTriedAt),
              sql`${filmFacts.refreshTriedAt} <= ${now.toISOString()}::timestamptz - ${waitMs} * interval '1 millisecond'`,
            ),
          ),
        )
        .orderBy(sql`${filmFacts.refreshedAt} ASC NULLS FIRST`)
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(filmFacts)
        .set({ refreshTriedAt: now })
        .where(inArray(filmFacts.filmId, due))
        .returning({ filmId: filmFacts.filmId, tmdbId: filmFacts.tmdbId });
      return claimed.flatMap((row) => (row.tmdbId === null ? [] : [{ filmId: row.filmId, tmdbId: row.tmdbId }]));
    },
  };
}

export type FilmFactsRepository = ReturnType<typeof filmFactsRepository>;
