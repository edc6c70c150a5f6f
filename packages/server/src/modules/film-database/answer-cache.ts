import { eq } from 'drizzle-orm';
import type { ZodType } from 'zod';
import type { Database } from '../../db/connection.js';
import { filmDatabaseAnswers } from '../../db/schema.js';

export interface CachedAnswer<T> {
  body: T;
  fresh: boolean;
}

/**
 * The film database's answers, kept in the database so that restarts and
 * other instances reuse them. A stored answer is checked again with its schema
 * when read: one stored by an older version that no longer fits is a miss.
 */
export function answerCache(db: Database) {
  return {
    async read<T>(key: string, schema: ZodType<T>, now: Date): Promise<CachedAnswer<T> | null> {
      const [row] = await db.select().from(filmDatabaseAnswers).where(eq(filmDatabaseAnswers.key, key));
      if (!row) return null;
      const parsed = schema.safeParse(row.body);
      return parsed.success ? { body: parsed.data, fresh: row.freshUntil > now } : null;
    },

    async write(key: string, body: unknown, now: Date, freshMs: number): Promise<void> {
      const values = { body, fetchedAt: now, freshUntil: new Date(now.getTime() + freshMs) };
      await db
        .insert(filmDatabaseAnswers)
        .values({ key, ...values })
        .onConflictDoUpdate({ target: filmDatabaseAnswers.key, set: values });
    },
  };
}

export type AnswerCache = ReturnType<typeof answerCache>;
