-- Names and titles are compared by keys the application computes (lib/identity.ts): a fold and a
-- confusable skeleton, never the database's lower(). Rows from before get placeholders here, unique
-- by row id; the server replaces them with the real keys when it starts (db/identity-backfill.ts).
DROP INDEX "films_title_year_key";--> statement-breakpoint
DROP INDEX "submissions_pending_title_year_key";--> statement-breakpoint
DROP INDEX "users_username_lower_key";--> statement-breakpoint
ALTER TABLE "films" ADD COLUMN "title_key" text;--> statement-breakpoint
ALTER TABLE "films" ADD COLUMN "title_skeleton" text;--> statement-breakpoint
UPDATE "films" SET "title_key" = 'legacy:' || "film_id", "title_skeleton" = 'legacy:' || "film_id";--> statement-breakpoint
ALTER TABLE "films" ALTER COLUMN "title_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "films" ALTER COLUMN "title_skeleton" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "title_key" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "title_skeleton" text;--> statement-breakpoint
UPDATE "submissions" SET "title_key" = 'legacy:' || "submission_id", "title_skeleton" = 'legacy:' || "submission_id";--> statement-breakpoint
ALTER TABLE "submissions" ALTER COLUMN "title_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ALTER COLUMN "title_skeleton" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_skeleton" text;--> statement-breakpoint
UPDATE "users" SET "username_key" = 'legacy:' || "user_id", "username_skeleton" = 'legacy:' || "user_id";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "username_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "username_skeleton" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "films_title_key_year_key" ON "films" USING btree ("title_key","release_year");--> statement-breakpoint
CREATE UNIQUE INDEX "films_title_skeleton_year_key" ON "films" USING btree ("title_skeleton","release_year");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_pending_title_key_year_key" ON "submissions" USING btree ("title_key","release_year") WHERE "submissions"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_pending_title_skeleton_year_key" ON "submissions" USING btree ("title_skeleton","release_year") WHERE "submissions"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key_key" ON "users" USING btree ("username_key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_skeleton_key" ON "users" USING btree ("username_skeleton");--> statement-breakpoint
CREATE INDEX "users_username_key_legacy_idx" ON "users" USING btree ("user_id") WHERE "username_key" LIKE 'legacy:%';--> statement-breakpoint
CREATE INDEX "films_title_key_legacy_idx" ON "films" USING btree ("film_id") WHERE "title_key" LIKE 'legacy:%';--> statement-breakpoint
CREATE INDEX "submissions_title_key_legacy_idx" ON "submissions" USING btree ("submission_id") WHERE "title_key" LIKE 'legacy:%';
