import type { FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkFilmAnswer,
  checkFilmQuery,
  filmBody,
  filmDetailsQuery,
  filmList,
  filmListQuery,
  newFilmsAnswer,
} from '@filmlist/shared/api/films';
import { errorBody } from '@filmlist/shared/api/common';
import { messages } from '@filmlist/shared/messages';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors.js';
import { addVary, etagged, isCurrent, publicAnswer } from '../../lib/http-cache.js';
import { encodedFor } from '../../lib/compression.js';
import { optionalMember } from '../auth/guards.js';
import { presentAddedFilm } from './presenter.js';
import { rankedIndex } from './ranked-index.js';
import { filmDetail } from './detail.js';
import { filmsRepository } from './repository.js';

/** Public film reads: the ranked list, the new films, the duplicate check and film details. */
export const filmRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = filmsRepository(app.db);

  // Served from the cache's serialized bytes, so this route is typed as plain Fastify.
  app.withTypeProvider<FastifyTypeProviderDefault>().get<{ Querystring: z.infer<typeof filmListQuery> }>(
    '/allfilms',
    {
      schema: {
        tags: ['films'],
        summary: 'Every film, ranked by the server (highest score first; ties by title, then id)',
        description:
          'Public and the same for everyone: shared caches keep it for a couple of seconds (Cache-Control s-maxage). ' +
          'Its weak ETag is the list version that GET /api/films/events announces; with ?v= set to a version the answer ' +
          'is that version or a newer one, under a URL of its own.',
        querystring: filmListQuery,
        response: { 200: filmList, 304: z.null().describe('Not modified: the If-None-Match ETag is current') },
      },
    },
    async (request, reply) => {
      const { v } = request.query;
      const list = v === undefined ? await app.filmListCache.get() : await app.filmListCache.atLeast(v);
      publicAnswer(reply, 'live');
      addVary(reply, 'Accept-Encoding');
      if (isCurrent(request, reply, list.etag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(await encodedFor(request, reply, list));
    },
  );

  app.get(
    '/new',
    {
      schema: {
        tags: ['films'],
        summary:
          'The shelf "New on the list: help rank these": films added in the last 30 days with fewer than 10 answers (N + H + R), newest first, at most 6; with a bearer, only those the caller has neither answered nor rated',
        response: { 200: newFilmsAnswer },
      },
      preValidation: optionalMember,
    },
    async (request, reply) => {
      const [rows, list] = await Promise.all([
        repo.awaitingAnswers(app.clock.now(), request.actor?.userId ?? null),
        app.filmListCache.get(),
      ]);
      const index = rankedIndex(list);
      // A visitor's shelf is the same for every visitor, so caches may keep it as briefly as the list
      // (decision 013); with a bearer it stays no-store (optionalMember).
      if (request.headers.authorization === undefined) publicAnswer(reply, 'live');
      // A member with none left is thanked only when there were new films to answer.
      const allAnswered =
        request.actor !== undefined && rows.length === 0 && (await repo.awaitingAnswers(app.clock.now(), null)).length > 0;
      return {
        films: rows.flatMap(({ filmId, createdAt }) => presentAddedFilm(index, filmId, createdAt) ?? []),
        all_answered: allAnswered,
      };
    },
  );

  app.get(
    '/checkfilm',
    { schema: { tags: ['films'], querystring: checkFilmQuery, response: { 200: checkFilmAnswer } } },
    async (request) => {
      const { title, release_year } = request.query;
      const year = release_year.trim();
      if (!/^\d{1,4}$/.test(year) || !title.trim()) return { exists: false };
      return { exists: (await repo.findByTitleAndYear(title, Number(year))) !== null };
    },
  );

  app.get(
    '/filmdetails',
    {
      schema: {
        tags: ['films'],
        summary: 'One film, by the title and year read back from its address, or by its slug',
        querystring: filmDetailsQuery,
        response: { 200: filmBody, 404: errorBody },
      },
      onSend: etagged,
    },
    async (request, reply) => {
      const { title, year, slug } = request.query;
      let row = null;
      // An edited film answers under its old slug too; the answer carries the new one.
      if (slug !== undefined) row = (await repo.findBySlug(slug)) ?? (await repo.findByOldSlug(slug));
      else if (title !== undefined && year !== undefined && /^\d{1,4}$/.test(year.trim())) {
        row = await repo.findByTitleAndYear(title, Number(year.trim()));
      }
      const film = row ? await filmDetail(app.db, app.config.filmDatabase, row.filmId) : null;
      if (!film) throw notFound(messages.filmNotFound, 'film_not_found');
      publicAnswer(reply, 'live');
      return { film };
    },
  );
};
