/**
 * The ranking counters (docs/product.md §Ranking counts) recomputed from the vote tables: one
 * row per film, `film_id, n, h, r, s`, ordered by id. N counts "not heard
 * before" answers; H "heard before" answers by members who have not rated the
 * film; R and S the ratings and their sum. The stored counters on the film row
 * must always equal this; tests, the move command and the bench check it.
 */
export const RECOUNT_SQL = `SELECT f.film_id,
    coalesce(m.n, 0)::int AS n, coalesce(m.h, 0)::int AS h, coalesce(r.c, 0)::int AS r, coalesce(r.s, 0)::int AS s
  FROM films f
  LEFT JOIN (
    SELECT mm.film_id,
           count(*) FILTER (WHERE NOT mm.mentioned) AS n,
           count(*) FILTER (WHERE mm.mentioned AND rr.user_id IS NULL) AS h
    FROM mentions mm LEFT JOIN ratings rr ON rr.user_id = mm.user_id AND rr.film_id = mm.film_id
    GROUP BY mm.film_id
  ) m ON m.film_id = f.film_id
  LEFT JOIN (SELECT film_id, count(*) AS c, sum(rating) AS s FROM ratings GROUP BY film_id) r ON r.film_id = f.film_id
  ORDER BY f.film_id`;
