import * as z from 'zod/mini';
import type { RefreshAnswer } from '@filmlist/shared/api/auth';
import type { Film } from '@filmlist/shared/api/films';
import type { LoginAnswer, PublicUser } from '@filmlist/shared/api/users';
import type { MyVotes } from '@filmlist/shared/api/votes';

/**
 * Runtime checks of the answers the first page load needs, in zod/mini (a few
 * KB), because full zod would not fit the initial JavaScript budget. Each is
 * typed as the shared contract's type, so the two cannot drift. Pages loaded
 * later may parse with the shared zod schemas directly.
 */
export const filmDecoder: z.ZodMiniType<Film> = z.object({
  film_id: z.number(),
  title: z.string(),
  release_year: z.number(),
  description: z.string(),
  watch_link: z.nullable(z.string()),
  slug: z.string(),
  score: z.number(),
});

export const filmListDecoder: z.ZodMiniType<{ films: Film[] }> = z.object({ films: z.array(filmDecoder) });
export const filmDetailsDecoder: z.ZodMiniType<{ film: Film }> = z.object({ film: filmDecoder });

export const publicUserDecoder: z.ZodMiniType<PublicUser> = z.object({
  user_id: z.number(),
  username: z.string(),
  verified: z.boolean(),
  email: z.optional(z.string()),
  isReviewer: z.optional(z.boolean()),
});

export const loginAnswerDecoder: z.ZodMiniType<LoginAnswer> = z.object({
  accessToken: z.string(),
  accessTokenExpiration: z.number(),
  refreshToken: z.string(),
  user: publicUserDecoder,
});

export const refreshAnswerDecoder: z.ZodMiniType<RefreshAnswer> = z.object({
  newAccessToken: z.string(),
  newRefreshToken: z.string(),
  newAccessTokenExpiration: z.number(),
  user: publicUserDecoder,
});

export const myVotesDecoder: z.ZodMiniType<MyVotes> = z.object({
  mentions: z.record(z.string(), z.boolean()),
  ratings: z.record(z.string(), z.number()),
});

/** Answers whose body the caller does not use. */
export const messageDecoder: z.ZodMiniType<{ message: string }> = z.object({ message: z.string() });
