-- docs/decisions/007-one-lock-order-for-votes.md: one lock order for every write that touches votes and the film counters
-- (packages/server/src/modules/votes/lock-order.ts states it for the code in TypeScript):
--   1. the member's users row: KEY SHARE for a vote (a member's own votes do not wait for each
--      other), FOR UPDATE to remove the member;
--   2. the films, in film_id order: FOR NO KEY UPDATE;
--   3. the vote rows.
-- 0001 wrote the vote row first, so its foreign key took the member's lock after the film's, and
-- the edit locked the rating before the film: account deletion, which locks the other way round,
-- deadlocked with them and subtracted ratings an edit in flight was changing.
-- A vote now waits for a deletion of its member to finish (and then fails the foreign key: 401),
-- and a deletion waits for the member's votes in flight. Each function waits at most 2 s for a
-- lock: a longer wait ends with 55P03 (503 "try again shortly") rather than holding a connection.

CREATE OR REPLACE FUNCTION record_mention(p_user integer, p_film integer, p_mentioned boolean, p_at timestamptz)
RETURNS boolean LANGUAGE plpgsql VOLATILE SET lock_timeout = '2s' AS $$
BEGIN
  PERFORM 1 FROM users WHERE user_id = p_user FOR KEY SHARE;
  PERFORM 1 FROM films WHERE film_id = p_film FOR NO KEY UPDATE;
  -- An unknown or just deleted member or film fails the foreign key here.
  INSERT INTO mentions (user_id, film_id, mentioned, created_at)
  VALUES (p_user, p_film, p_mentioned, p_at)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN false; -- the answer is final
  END IF;
  -- "Heard before" counts in H only while the member has not rated the film.
  UPDATE films SET
    not_heard_count = not_heard_count + CASE WHEN p_mentioned THEN 0 ELSE 1 END,
    heard_not_rated_count = heard_not_rated_count
      + CASE WHEN p_mentioned AND NOT EXISTS (SELECT 1 FROM ratings WHERE user_id = p_user AND film_id = p_film) THEN 1 ELSE 0 END
  WHERE film_id = p_film;
  RETURN true;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_rating(p_user integer, p_film integer, p_rating smallint, p_at timestamptz)
RETURNS boolean LANGUAGE plpgsql VOLATILE SET lock_timeout = '2s' AS $$
BEGIN
  PERFORM 1 FROM users WHERE user_id = p_user FOR KEY SHARE;
  PERFORM 1 FROM films WHERE film_id = p_film FOR NO KEY UPDATE;
  INSERT INTO ratings (user_id, film_id, rating, created_at, updated_at)
  VALUES (p_user, p_film, p_rating, p_at, p_at)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN false; -- already rated: the client edits instead
  END IF;
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
--> statement-breakpoint
-- An edit in one round trip too: S moves by the difference, read under the film's lock.
-- False when the member has not rated the film (or the member or the film is gone).
CREATE FUNCTION edit_rating(p_user integer, p_film integer, p_rating smallint, p_at timestamptz)
RETURNS boolean LANGUAGE plpgsql VOLATILE SET lock_timeout = '2s' AS $$
DECLARE
  v_before smallint;
BEGIN
  PERFORM 1 FROM users WHERE user_id = p_user FOR KEY SHARE;
  PERFORM 1 FROM films WHERE film_id = p_film FOR NO KEY UPDATE;
  SELECT rating INTO v_before FROM ratings WHERE user_id = p_user AND film_id = p_film FOR UPDATE;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  IF v_before <> p_rating THEN
    UPDATE ratings SET rating = p_rating, updated_at = p_at WHERE user_id = p_user AND film_id = p_film;
    UPDATE films SET rating_sum = rating_sum + p_rating - v_before WHERE film_id = p_film;
  END IF;
  RETURN true;
END
$$;
