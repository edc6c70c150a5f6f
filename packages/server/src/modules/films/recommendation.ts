import { eq } from 'drizzle-orm';
import type { Recommendation } from '@filmlist/shared/api/films';
import type { Database } from '../../db/connection.js';
import { films, users } from '../../db/schema.js';

/**
 * A film's "Why is it undervalued?" note and who wrote it (docs/product.md §Recommendation note):
 * the username while its writer agrees to be named and has an account, otherwise null ("a
 * member"); null when the film has no note or is gone.
 */
export async function recommendationOf(db: Database, filmId: number): Promise<Recommendation> {
  const [row] = await db
    .select({ note: films.note, named: films.noteNamed, username: users.username })
    .from(films)
    .leftJoin(users, eq(users.userId, films.noteBy))
    .where(eq(films.filmId, filmId));
  if (!row?.note) return null;
  return { note: row.note, by: row.named ? row.username : null };
}
