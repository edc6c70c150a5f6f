import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from './connection.js';

/**
 * The embedded database has no autovacuum (PGlite is one process). Every vote
 * rewrites a film row, so without this dead rows pile up and the ranked list
 * slows as votes grow; and the space of rows housekeeping deletes is reused
 * only once vacuumed. PostgreSQL servers run their own autovacuum.
 */
export async function vacuumHotTables(db: Database): Promise<void> {
  await db.execute(
    sql`VACUUM (ANALYZE) films, mentions, ratings, sessions, refresh_tokens, outbox, users, email_tokens, watch_clicks, watch_click_days, watchlist`,
  );
}

export function startEmbeddedMaintenance(options: { db: Database; log: FastifyBaseLogger; intervalMs?: number }): { stop(): void } {
  const run = async () => {
    try {
      await vacuumHotTables(options.db);
    } catch (error) {
      options.log.warn({ err: error }, 'embedded database maintenance failed; will retry');
    }
  };
  const timer = setInterval(() => void run(), options.intervalMs ?? 10 * 60 * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
