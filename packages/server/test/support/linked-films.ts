import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { filmBody, listedFilm, type FilmDetail } from '@filmlist/shared/api/films';
import type { TestMember } from './factories.js';
import { fixtureFilm } from './tmdb-fixtures.js';

/** A film's details as GET /api/films/filmdetails answers them. */
export async function filmDetails(app: FastifyInstance, slug: string): Promise<FilmDetail> {
  const res = await app.inject({ url: '/api/films/filmdetails', query: { slug } });
  expect(res.statusCode, res.body).toBe(200);
  return filmBody.parse(res.json()).film;
}

/**
 * A reviewer adds a film linked to a fake TMDB fixture entry (under the fixture's title and year
 * unless given others); its facts and poster are read in the background, and waited for.
 */
export async function addLinkedFilm(
  app: FastifyInstance,
  reviewer: TestMember,
  fixtureTitle: string,
  options: { title?: string; year?: number } = {},
): Promise<FilmDetail> {
  const fixture = fixtureFilm(fixtureTitle);
  const title = options.title ?? fixture.title;
  const year = options.year ?? Number(fixture.release_date.slice(0, 4));
  const res = await app.inject({
    method: 'POST',
    url: '/api/films/addfilm',
    headers: reviewer.auth,
    payload: { title, release_year: String(year), description: 'A logline of our own.', tmdb_id: fixture.id },
  });
  expect(res.statusCode, res.body).toBe(200);
  await app.background.idle();
  return filmDetails(app, listedFilm.parse(res.json<{ film: unknown }>().film).slug);
}
