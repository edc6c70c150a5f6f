import { and, asc, count, desc, eq } from 'drizzle-orm';
import { WATCHLIST_MAX } from '@filmlist/shared/constants';
import type { Database } from '../../db/connection.js';
import { films, watchlist } from '../../db/schema.js';
import type { FilmRow } from '../films/presenter.js';
import { lockForWatchlist } from '../votes/lock-order.js';

export type AddOutcome =
  { outcome: 'added' | 'present'; addedAt: Date } | { outcome: 'full' } | { outcome: 'no_film' } | { outcome: 'no_member' };

export interface WatchlistRow {
  film: FilmRow;
  addedAt: Date;
}

/** A member's watchlist (docs/product.md §Watchlist): the one home of its writes. */
export function watchlistRepository(db: Database) {
  return {
    /**
     * Puts the film on the member's watchlist, unless it is there already or the
     * watchlist is full. Takes the member's row first (lock-order.ts), so two
     * adds by one member never both see room for one more.
     */
    async add(tx: Database, userId: number, filmId: number, now: Date): Promise<AddOutcome> {
      const locked = await lockForWatchlist(tx, userId, filmId);
      if (locked !== 'locked') return { outcome: locked };
      const [present] = await tx
        .select({ addedAt: watchlist.addedAt })
        .from(watchlist)
        .where(and(eq(watchlist.userId, userId), eq(watchlist.filmId, filmId)));
      if (present) return { outcome: 'present', addedAt: present.addedAt };
      const [held] = await tx.select({ films: count() }).from(watchlist).where(eq(watchlist.userId, userId));
      if ((held?.films ?? 0) >= WATCHLIST_MAX) return { outcome: 'full' };
      await tx.insert(watchlist).values({ userId, filmId, addedAt: now });
      return { outcome: 'added', addedAt: now };
    },

    /** Takes the film off the member's watchlist; true when it was on it. */
    async remove(userId: number, filmId: number): Promise<boolean> {
      const gone = await db
        .delete(watchlist)
        .where(and(eq(watchlist.userId, userId), eq(watchlist.filmId, filmId)))
        .returning({ filmId: watchlist.filmId });
      return gone.length > 0;
    },

    /** The member's watchlist, newest first: each film's id and when it was added. */
    entries(userId: number): Promise<{ filmId: number; addedAt: Date }[]> {
      return db
        .select({ filmId: watchlist.filmId, addedAt: watchlist.addedAt })
        .from(watchlist)
        .where(eq(watchlist.userId, userId))
        .orderBy(desc(watchlist.addedAt), desc(watchlist.filmId));
    },

    /** The member's watchlist with each film's row, oldest first (Download My Data, the Letterboxd export). */
    listWithFilms(userId: number): Promise<WatchlistRow[]> {
      return db
        .select({ film: films, addedAt: watchlist.addedAt })
        .from(watchlist)
        .innerJoin(films, eq(films.filmId, watchlist.filmId))
        .where(eq(watchlist.userId, userId))
        .orderBy(asc(watchlist.addedAt), asc(watchlist.filmId));
    },
  };
}
