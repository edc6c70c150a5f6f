import type { FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkFilmAnswer, checkFilmQuery, filmBody, filmDetailsQuery, filmList } from '@filmlist/shared/api/films';
import { errorBody } from '@filmlist/shared/api/common';
import { messages } from '@filmlist/shared/messages';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors.js';
import type { Encoding } from './film-list-cache.js';
import { presentFilm } from './presenter.js';
import { filmsRepository } from './repository.js';

/** br, then gzip, when the client accepts them (an explicit q=0 refuses one). */
function preferredEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Set(
    header
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name?.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** Public film reads: the ranked list, the duplicate check and film details. */
export const filmRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = filmsRepository(app.db);

  // Served from the cache's serialized bytes, so this route is typed as plain Fastify.
  app.withTypeProvider<FastifyTypeProviderDefault>().get(
    '/allfilms',
    {
      schema: {
        tags: ['films'],
        summary: 'Every film, ranked by the server (highest score first; ties by title, then id)',
        response: { 200: filmList, 304: z.null().describe('Not modified: the If-None-Match ETag is current') },
      },
    },
    async (request, reply) => {
      const list = await app.filmListCache.get();
      void reply.header('etag', list.etag).header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
      if (request.headers['if-none-match'] === list.etag) return reply.code(304).send();
      void reply.type('application/json; charset=utf-8');
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (!encoding) return reply.send(list.body);
      return reply.header('content-encoding', encoding).send(await list.compressed(encoding));
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
        summary: "One film, by the spec's title and year or by its slug",
        querystring: filmDetailsQuery,
        response: { 200: filmBody, 404: errorBody },
      },
    },
    async (request) => {
      const { title, year, slug } = request.query;
      let row = null;
      // An edited film answers under its old slug too; the answer carries the new one.
      if (slug !== undefined) row = (await repo.findBySlug(slug)) ?? (await repo.findByOldSlug(slug));
      else if (title !== undefined && year !== undefined && /^\d{1,4}$/.test(year.trim())) {
        row = await repo.findByTitleAndYear(title, Number(year.trim()));
      }
      if (!row) throw notFound(messages.filmNotFound, 'film_not_found');
      return { film: presentFilm(row) };
    },
  );
};
