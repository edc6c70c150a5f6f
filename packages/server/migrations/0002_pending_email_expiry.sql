ALTER TABLE "users" ADD COLUMN "pending_email_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_pending_email_lower_idx" ON "users" USING btree (lower("pending_email")) WHERE "users"."pending_email" IS NOT NULL;--> statement-breakpoint
-- Only a verified address is taken; a pending change lapses with its link (72 hours). Pending changes
-- made before this migration get the expiry of their newest unused link, or lapse now if none is left.
UPDATE "users" AS u SET "pending_email_expires_at" = t.expires_at
FROM (
  SELECT user_id, lower(email) AS email, max(expires_at) AS expires_at FROM "email_tokens"
  WHERE purpose = 'email_change' AND used_at IS NULL GROUP BY user_id, lower(email)
) AS t
WHERE u.user_id = t.user_id AND lower(u.pending_email) = t.email;--> statement-breakpoint
UPDATE "users" SET "pending_email" = NULL WHERE "pending_email" IS NOT NULL AND "pending_email_expires_at" IS NULL;--> statement-breakpoint
-- Uniqueness is decided on the trimmed, case-folded address (users_email_lower_key compares lower(email)).
-- No stored address can carry surrounding spaces (the email field has always refused spaces), so trimming
-- changes nothing in practice; if it ever made two addresses equal, this statement fails on the unique
-- index and the migration stops rather than merging two accounts: the operator decides which one keeps it.
UPDATE "users" SET "email" = btrim("email") WHERE "email" <> btrim("email");
