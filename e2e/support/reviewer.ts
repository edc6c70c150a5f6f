import { expect } from 'vitest';
import { loginAnswer, type LoginAnswer } from '@filmlist/shared/api/users';
import { E2E_REVIEWER, E2E_REVIEWER_EMAIL } from '../global-setup.js';
import { addressOf, callApi, logInApi, registerVerified } from './members.js';

/** The reviewer's password: every journey that needs "rita" shares her one account on the run's server. */
export const REVIEWER_PASSWORD = 'Lantern-Corvid-8421';

const rita = { username: E2E_REVIEWER, email: E2E_REVIEWER_EMAIL, password: REVIEWER_PASSWORD };

/**
 * The reviewer (REVIEWERS=rita), signed in through the API. The first journey
 * of a run to ask signs her up and follows her verification link; later ones
 * log in, so the journeys run in any order.
 */
export async function reviewerSession(): Promise<LoginAnswer> {
  const known = await callApi('/api/users/login', {
    method: 'POST',
    body: { username: rita.username, password: rita.password },
    from: addressOf(rita),
  });
  if (known.status === 401) await registerVerified(rita);
  else expect(known.status, `log in as ${E2E_REVIEWER}`).toBe(200);
  return known.status === 200 ? loginAnswer.parse(await known.json()) : logInApi(rita);
}

/** A film as the reviewer's add-film call takes it; `userId` names the submitter whose submission it approves. */
export interface FilmToAdd {
  title: string;
  release_year: string;
  description: string;
  userId?: string;
}

/** The reviewer adds a film through the API; the answer's status, for the journey to check. */
export async function addFilmAsReviewer(film: FilmToAdd): Promise<number> {
  const session = await reviewerSession();
  const added = await callApi('/api/films/addfilm', {
    method: 'POST',
    token: session.accessToken,
    body: { watchLink: '', userId: '', ...film },
  });
  return added.status;
}
