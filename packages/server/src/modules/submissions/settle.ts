import { sql } from 'drizzle-orm';
import { messages } from '@filmlist/shared/messages';
import type { Database } from '../../db/connection.js';
import { conflict } from '../../lib/http-errors.js';
import { enqueueMail } from '../../mail/outbox.js';
import { filmAddedMail } from '../../mail/templates.js';
import { filmFactsRepository } from '../film-facts/repository.js';
import type { FilmRow } from '../films/presenter.js';
import { filmsRepository } from '../films/repository.js';
import { usersRepository } from '../users/repository.js';
import { filmPageUrl } from '../pages/addresses.js';
import { submissionsRepository } from './repository.js';

/** Any fixed number: with a year, it names the lock on that year's film identities. */
const FILM_YEAR_LOCK = 7_246_002;

/**
 * Holds the year's film identities until the transaction ends: a film written into the year (added,
 * or edited into it) and a submission of a film of that year are never written at the same time, so
 * each sees the other and no pending submission is left with the title and year of a listed film
 * (docs/product.md §Review decisions). Taken after any row lock the writer holds (the member's
 * row, the film's row), never before one, so it adds no cycle to the lock order of
 * modules/votes/lock-order.ts.
 */
export async function lockFilmYear(tx: Database, releaseYear: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${FILM_YEAR_LOCK}::int, ${releaseYear}::int)`);
}

/** The refusals of the duplicate rules below; a unique index that catches a race answers the same (db/pg-errors.ts). */
export const filmListed = () => conflict(messages.filmAlreadyListed, 'film_already_listed');
export const filmPending = () => conflict(messages.filmAlreadyPending, 'film_already_pending');

/** A film as the duplicate rules see it: its title and year, and the film database entry it is linked to. */
export interface FilmIdentity {
  title: string;
  releaseYear: number;
  tmdbId: number | null;
}

/**
 * The one check of the add-film duplicate rules (docs/product.md §Add-film rules), for a member's submission, a
 * reviewer's addition and a reviewer's edit, made with the year's lock held (lockFilmYear). A listed film with
 * this title in this year (folded, or looking alike) or linked to this film database entry refuses it
 * (film_already_listed). So does a pending submission of it (film_already_pending), except, when the film is
 * being listed (`listing`), one of the same title and year: that one is approved with it
 * (settlePendingSubmissions). `editing` is the listed film being edited, which keeps its own title and entry.
 */
export async function refuseDuplicateFilm(tx: Database, film: FilmIdentity, how: { listing: boolean; editing?: number }): Promise<void> {
  const listed = await filmsRepository(tx).findByTitleAndYear(film.title, film.releaseYear, tx);
  if (listed && listed.filmId !== how.editing) throw filmListed();
  const submissions = submissionsRepository(tx);
  if (!how.listing && (await submissions.findPendingFilm(film.title, film.releaseYear, tx))) throw filmPending();
  if (film.tmdbId === null) return;
  const linked = await filmFactsRepository(tx).findByTmdbId(film.tmdbId, tx);
  if (linked && linked.filmId !== how.editing) throw filmListed();
  // Listing it, a pending submission of the entry under another title could never be added after it.
  if (await submissions.findPendingByTmdbId(film.tmdbId, tx, how.listing ? film : undefined)) throw filmPending();
}

/**
 * Every pending submission of this film (its title folds or looks alike, in its year) is approved with
 * it, and its member is told the film is on the list: a film is listed once, and a submission of a
 * listed film could never be approved. Call it with the year's lock held, after writing the film.
 * Returns how many mails were queued.
 */
export async function settlePendingSubmissions(
  tx: Database,
  film: FilmRow,
  decision: { reviewedBy: number; now: Date; publicUrl: string },
): Promise<number> {
  const submissions = submissionsRepository(tx);
  const users = usersRepository(tx);
  let mailed = 0;
  for (const pending of await submissions.lockPendingFilms(tx, film.title, film.releaseYear)) {
    await submissions.approve(tx, pending.submissionId, film.filmId, decision);
    const submitter = pending.userId === null ? null : await users.findById(pending.userId, tx);
    if (!submitter) continue;
    await enqueueMail(
      tx,
      filmAddedMail(submitter.email, film.title, film.releaseYear, filmPageUrl(decision.publicUrl, film.slug)),
      decision.now,
    );
    mailed++;
  }
  return mailed;
}
