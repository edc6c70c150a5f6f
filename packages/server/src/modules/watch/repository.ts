import type { Database } from '../../db/connection.js';
import { watchClicks } from '../../db/schema.js';

/** One click: a member's id, or a visitor's temporary id. */
export type Clicker = { userId: number } | { temporaryUserId: string };

export function watchRepository(db: Database) {
  return {
    /** An unknown film raises the database's foreign-key violation. */
    async recordClick(filmId: number, clicker: Clicker, now: Date): Promise<void> {
      await db.insert(watchClicks).values({ filmId, ...clicker, createdAt: now });
    },
  };
}

export type WatchRepository = ReturnType<typeof watchRepository>;
