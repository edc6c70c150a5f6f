import { expect } from 'vitest';
import { loginAnswer, type LoginAnswer } from '@filmlist/shared/api/users';
import { E2E_REVIEWER } from '../global-setup.js';
import { baseUrl, verificationLinkFor } from './browser.js';

/** The reviewer's password: every journey that needs "rita" shares her one account on the run's server. */
export const REVIEWER_PASSWORD = 'Lantern-Corvid-8421';

async function logIn(): Promise<Response> {
  return fetch(`${baseUrl()}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
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
    const email = `${E2E_REVIEWER}@reviewers.example.test`;
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
