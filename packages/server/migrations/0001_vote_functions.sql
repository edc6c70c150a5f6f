-- One round trip per vote: the vote row and the ranking counters (docs/product.md §Ranking counts), in one statement.
-- In READ COMMITTED every query of a volatile function takes a fresh snapshot, so the query after the
-- film-row lock sees every vote on the film committed before it: H stays exact under concurrency.
-- The vote row is written first; its foreign keys take the member's key-share lock (account deletion
-- locks the member first, then films, so the two never deadlock) and report an unknown film.
-- NO KEY UPDATE serialises votes on one film without conflicting with other voters' key-share locks.

CREATE FUNCTION record_mention(p_user integer, p_film integer, p_mentioned boolean, p_at timestamptz)
RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  INSERT INTO mentions (user_id, film_id, mentioned, created_at)
  VALUES (p_user, p_film, p_mentioned, p_at)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN false; -- the answer is final
  END IF;
  IF NOT p_mentioned THEN
    UPDATE films SET not_heard_count = not_heard_count + 1 WHERE film_id = p_film;
  ELSE
    PERFORM 1 FROM films WHERE film_id = p_film FOR NO KEY UPDATE;
    -- "Heard before" counts in H only while the member has not rated the film.
    UPDATE films SET heard_not_rated_count = heard_not_rated_count + 1
    WHERE film_id = p_film
      AND NOT EXISTS (SELECT 1 FROM ratings WHERE user_id = p_user AND film_id = p_film);
  END IF;
  RETURN true;
END
$$;
--> statement-breakpoint
CREATE FUNCTION record_rating(p_user integer, p_film integer, p_rating smallint, p_at timestamptz)
RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  INSERT INTO ratings (user_id, film_id, rating, created_at, updated_at)
  VALUES (p_user, p_film, p_rating, p_at, p_at)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN false; -- already rated: the client edits instead
  END IF;
  PERFORM 1 FROM films WHERE film_id = p_film FOR NO KEY UPDATE;
  -- A "heard before" answer leaves H once the member rates the film.
  UPDATE films SET
    rating_count = rating_count + 1,
    rating_sum = rating_sum + p_rating,
    heard_not_rated_count = heard_not_rated_count
      - CASE WHEN EXISTS (SELECT 1 FROM mentions WHERE user_id = p_user AND film_id = p_film AND mentioned) THEN 1 ELSE 0 END
  WHERE film_id = p_film;
  RETURN true;
END
$$;
