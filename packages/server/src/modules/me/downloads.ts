import type { FastifyReply } from 'fastify';

/** A download's file name: the site, what it holds, whose it is and the day, e.g. "the-film-list-watchlist-ann-2026-11-24.csv". */
export function downloadName(what: string | null, username: string, now: Date, extension: 'json' | 'csv'): string {
  const parts = ['the-film-list', what, username.replace(/[^A-Za-z0-9._-]/g, '_'), now.toISOString().slice(0, 10)];
  return `${parts.filter((part) => part !== null).join('-')}.${extension}`;
}

/** The answer is a file to save, under `filename` (made by downloadName: nothing in it needs quoting). */
export function asAttachment(reply: FastifyReply, filename: string): FastifyReply {
  return reply.header('content-disposition', `attachment; filename="${filename}"`);
}
