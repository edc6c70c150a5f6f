import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, filmIdQuery } from '@filmlist/shared/api/common';
import { countAnswer, sumTotalAnswer } from '@filmlist/shared/api/votes';
import type { FilmRow } from '../films/presenter.js';
import { findFilm } from './vote-transaction.js';

type Counter = 'notHeardCount' | 'heardNotRatedCount' | 'ratingCount' | 'ratingSum';

/**
 * One of the four per-film count calls (docs/product.md §Ranking counts). Each answers from the same
 * counters the ranking uses; a non-integer film_id gets 400, an unknown film 404.
 */
export function counterRoute(options: {
  path: string;
  tag: string;
  summary: string;
  counter: Counter;
  /** the answer's field name: count, or sum_total */
  field: 'count' | 'sum_total';
}): FastifyPluginAsyncZod {
  const answer = options.field === 'count' ? countAnswer : sumTotalAnswer;
  return async (app) => {
    app.get(
      options.path,
      {
        schema: {
          tags: [options.tag],
          summary: options.summary,
          querystring: filmIdQuery,
          response: { 200: answer, 400: errorBody, 404: errorBody },
        },
      },
      async (request) => {
        const film: FilmRow = await findFilm(app, request.query.film_id);
        const value = film[options.counter];
        return options.field === 'count' ? { count: value } : { sum_total: value };
      },
    );
  };
}
