import { desc, eq, lt } from 'drizzle-orm';
import type { AuditEntry } from '@filmlist/shared/api/reviewers';
import type { Database } from '../../db/connection.js';
import { auditLog, films } from '../../db/schema.js';
import type { Actor } from '../../types.js';

export type AuditAction = AuditEntry['action'];
export type Changes = NonNullable<AuditEntry['changes']>;

export interface AuditRecord {
  action: AuditAction;
  filmId: number | null;
  submissionId?: number | null;
  title: string;
  releaseYear: number;
  reason?: string | null;
  changes?: Changes | null;
}

/** Page size of the review history. */
const PAGE = 50;

/** The record of every reviewer action (docs/product.md §Reviewer tools), written in the action's own transaction. */
export function auditRepository(db: Database) {
  return {
    async record(tx: Database, actor: Actor, entry: AuditRecord, now: Date): Promise<void> {
      await tx.insert(auditLog).values({
        at: now,
        actorId: actor.userId,
        actorUsername: actor.username,
        action: entry.action,
        filmId: entry.filmId,
        submissionId: entry.submissionId ?? null,
        title: entry.title,
        releaseYear: entry.releaseYear,
        reason: entry.reason ?? null,
        changes: entry.changes ?? null,
      });
    },

    /** Newest first, a page at a time; `next` is the `before` of the following page. */
    async history(before?: number): Promise<{ entries: AuditEntry[]; next: number | null }> {
      const rows = await db
        .select({ entry: auditLog, slug: films.slug })
        .from(auditLog)
        .leftJoin(films, eq(films.filmId, auditLog.filmId))
        .where(before === undefined ? undefined : lt(auditLog.auditId, before))
        .orderBy(desc(auditLog.auditId))
        .limit(PAGE + 1);
      const page = rows.slice(0, PAGE);
      return {
        entries: page.map(({ entry, slug }) => ({
          audit_id: entry.auditId,
          at: entry.at.toISOString(),
          reviewer: entry.actorUsername,
          action: entry.action,
          title: entry.title,
          release_year: entry.releaseYear,
          film_slug: slug,
          reason: entry.reason,
          changes: entry.changes,
        })),
        next: rows.length > PAGE ? (page.at(-1)?.entry.auditId ?? null) : null,
      };
    },
  };
}
