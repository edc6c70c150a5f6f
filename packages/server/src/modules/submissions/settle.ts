import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { enqueueMail } from '../../mail/outbox.js';
import { filmAddedMail } from '../../mail/templates.js';
import type { FilmRow } from '../films/presenter.js';
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
