import { expect } from 'vitest';
import { loginAnswer, type LoginAnswer } from '@filmlist/shared/api/users';
import { E2E_REVIEWER, E2E_REVIEWER_EMAIL } from '../global-setup.js';
import { baseUrl, verificationLinkFor } from './browser.js';
import { addressOf } from './members.js';

/** The reviewer's password: every journey that needs "rita" shares her one account on the run's server. */
export const REVIEWER_PASSWORD = 'Lantern-Corvid-8421';

async function logIn(): Promise<Response> {
  return fetch(`${baseUrl()}/api/users/login`, {
    method: 'POST',
    // From the reviewer's own address, like every account's API calls (support/members.ts).
    headers: { 'content-type': 'application/json', 'x-forwarded-for': addressOf({ username: E2E_REVIEWER }) },
    body: JSON.stringify({ username: E2E_REVIEWER, password: REVIEWER_PASSWORD }),
  });
}

/**
 * The reviewer (REVIEWERS=rita), signed in through the API. The first journey
 * of a run to ask signs her up and follows her verification link; later ones
 * log in, so the journeys run in any order.
 */
export async function reviewerSession(): Promise<LoginAnswer> {
  let answer = await logIn();
  if (answer.status === 401) {
    const email = E2E_REVIEWER_EMAIL;
    const registered = await fetch(`${baseUrl()}/api/users/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: E2E_REVIEWER, email, password: REVIEWER_PASSWORD }),
    });
    expect(registered.status, `register ${E2E_REVIEWER}`).toBe(201);
    const token = (await verificationLinkFor(email)).split('/').pop() ?? '';
    const verified = await fetch(`${baseUrl()}/api/users/verification/${token}`);
    expect(verified.status, `verify ${E2E_REVIEWER}`).toBe(200);
    answer = await logIn();
  }
  expect(answer.status, `log in as ${E2E_REVIEWER}`).toBe(200);
  return loginAnswer.parse(await answer.json());
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
  const rita = await reviewerSession();
  const added = await fetch(`${baseUrl()}/api/films/addfilm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${rita.accessToken}` },
    body: JSON.stringify({ watchLink: '', userId: '', ...film }),
  });
  return added.status;
}
