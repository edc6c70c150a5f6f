-- The fold (lib/identity.ts foldName) now takes the capital sharp s "ẞ" to "ss", as it takes "ß".
-- Rows whose name or title holds one get their placeholders back, so the backfill at start
-- (db/identity-backfill.ts) computes their keys again; an account whose name then clashes with an
-- older one's is renamed and told, as in 0009_identity_keys.
UPDATE "users" SET "username_key" = 'legacy:' || "user_id", "username_skeleton" = 'legacy:' || "user_id" WHERE "username" LIKE '%ẞ%';--> statement-breakpoint
UPDATE "films" SET "title_key" = 'legacy:' || "film_id", "title_skeleton" = 'legacy:' || "film_id" WHERE "title" LIKE '%ẞ%';--> statement-breakpoint
UPDATE "submissions" SET "title_key" = 'legacy:' || "submission_id", "title_skeleton" = 'legacy:' || "submission_id" WHERE "title" LIKE '%ẞ%';
