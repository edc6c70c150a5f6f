import type { RefreshAnswer } from '@filmlist/shared/api/auth';
import type { Film } from '@filmlist/shared/api/films';
import type { LoginAnswer, PublicUser } from '@filmlist/shared/api/users';
import type { MyVotes } from '@filmlist/shared/api/votes';
import type { Parser } from './api-client';

/**
 * Run-time checks of the answers the first page load needs, written out by
 * hand: any schema library would cost more of the 100 KB initial JavaScript
 * budget than React leaves. Each is typed as the shared contract's type, so the
 * two cannot drift; later pages may parse with the shared zod schemas.
 */
export class DecodeError extends Error {}

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

function fields(value: unknown, path: string): Fields {
  if (!isFields(value)) throw new DecodeError(`${path}: expected an object`);
  return value;
}
function text(value: unknown, path: string): string {
  if (typeof value !== 'string') throw new DecodeError(`${path}: expected a string`);
  return value;
}
function num(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new DecodeError(`${path}: expected a number`);
  return value;
}
function bool(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') throw new DecodeError(`${path}: expected a boolean`);
  return value;
}
function list(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new DecodeError(`${path}: expected an array`);
  return value;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * A film in the contract's shape, or null. It builds no error path, so a list
 * of 10,000 films decodes without 80,000 throwaway strings; decodeFilm names
 * the failing field when this says no.
 */
function wellFormedFilm(value: unknown): Film | null {
  if (!isFields(value)) return null;
  const { film_id, title, release_year, description, watch_link, slug, score, n, h, r, s } = value;
  if (!isNumber(film_id) || typeof title !== 'string' || !isNumber(release_year) || typeof description !== 'string') return null;
  if ((watch_link !== null && typeof watch_link !== 'string') || typeof slug !== 'string' || !isNumber(score)) return null;
  if (!isNumber(n) || !isNumber(h) || !isNumber(r) || !isNumber(s)) return null;
  return { film_id, title, release_year, description, watch_link, slug, score, n, h, r, s };
}

export function decodeFilm(value: unknown, path = 'film'): Film {
  const film = wellFormedFilm(value);
  if (film) return film;
  const f = fields(value, path);
  return {
    film_id: num(f.film_id, `${path}.film_id`),
    title: text(f.title, `${path}.title`),
    release_year: num(f.release_year, `${path}.release_year`),
    description: text(f.description, `${path}.description`),
    watch_link: f.watch_link === null ? null : text(f.watch_link, `${path}.watch_link`),
    slug: text(f.slug, `${path}.slug`),
    score: num(f.score, `${path}.score`),
    n: num(f.n, `${path}.n`),
    h: num(f.h, `${path}.h`),
    r: num(f.r, `${path}.r`),
    s: num(f.s, `${path}.s`),
  };
}

/** One film, with a non-throwing check for data that may be anything (e.g. navigation state). */
export const filmDecoder: Parser<Film> & { safeParse(value: unknown): { success: true; data: Film } | { success: false } } = {
  parse: (value) => decodeFilm(value),
  safeParse(value) {
    try {
      return { success: true, data: decodeFilm(value) };
    } catch {
      return { success: false };
    }
  },
};

function decodeUser(value: unknown, path: string): PublicUser {
  const u = fields(value, path);
  const user: PublicUser = {
    user_id: num(u.user_id, `${path}.user_id`),
    username: text(u.username, `${path}.username`),
    verified: bool(u.verified, `${path}.verified`),
  };
  if (u.email !== undefined) user.email = text(u.email, `${path}.email`);
  if (u.isReviewer !== undefined) user.isReviewer = bool(u.isReviewer, `${path}.isReviewer`);
  return user;
}

export const filmListDecoder: Parser<{ films: Film[] }> = {
  parse: (value) => ({
    films: list(fields(value, 'answer').films, 'films').map((film, i) => wellFormedFilm(film) ?? decodeFilm(film, `films[${i}]`)),
  }),
};

/** The first films of the ranked list as the server writes them into / and /dashboard (issue 14), and how many there are in all. */
export const firstFilmsDecoder: Parser<{ films: Film[]; total: number }> = {
  parse: (value) => {
    const a = fields(value, 'first');
    const { films } = filmListDecoder.parse(a);
    const total = num(a.total, 'total');
    if (total < films.length) throw new DecodeError('total: fewer than the films given');
    return { films, total };
  },
};

export const filmDetailsDecoder: Parser<{ film: Film }> = {
  parse: (value) => ({ film: decodeFilm(fields(value, 'answer').film) }),
};

export const publicUserDecoder: Parser<PublicUser> = { parse: (value) => decodeUser(value, 'user') };

export const loginAnswerDecoder: Parser<LoginAnswer> = {
  parse: (value) => {
    const a = fields(value, 'answer');
    return {
      accessToken: text(a.accessToken, 'accessToken'),
      accessTokenExpiration: num(a.accessTokenExpiration, 'accessTokenExpiration'),
      refreshToken: text(a.refreshToken, 'refreshToken'),
      user: decodeUser(a.user, 'user'),
    };
  },
};

export const refreshAnswerDecoder: Parser<RefreshAnswer> = {
  parse: (value) => {
    const a = fields(value, 'answer');
    return {
      newAccessToken: text(a.newAccessToken, 'newAccessToken'),
      newRefreshToken: text(a.newRefreshToken, 'newRefreshToken'),
      newAccessTokenExpiration: num(a.newAccessTokenExpiration, 'newAccessTokenExpiration'),
      user: decodeUser(a.user, 'user'),
    };
  },
};

export const myVotesDecoder: Parser<MyVotes> = {
  parse: (value) => {
    const a = fields(value, 'answer');
    const mentions: Record<string, boolean> = {};
    const ratings: Record<string, number> = {};
    for (const [id, answer] of Object.entries(fields(a.mentions, 'mentions'))) mentions[id] = bool(answer, `mentions.${id}`);
    for (const [id, rating] of Object.entries(fields(a.ratings, 'ratings'))) ratings[id] = num(rating, `ratings.${id}`);
    return { mentions, ratings };
  },
};

/** A visitor's temporary id for watch clicks (GET /api/watch/generatetempid). */
export const temporaryIdDecoder: Parser<{ temporaryUserId: string }> = {
  parse: (value) => ({ temporaryUserId: text(fields(value, 'answer').temporaryUserId, 'temporaryUserId') }),
};

/** Answers whose body the caller does not use beyond the message. */
export const messageDecoder: Parser<{ message: string }> = {
  parse: (value) => ({ message: text(fields(value, 'answer').message, 'message') }),
};
