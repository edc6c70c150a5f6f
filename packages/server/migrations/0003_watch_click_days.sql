CREATE TABLE "watch_click_days" (
	"film_id" integer NOT NULL,
	"day" date NOT NULL,
	"visitor_clicks" integer DEFAULT 0 NOT NULL,
	"member_clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "watch_click_days_film_id_day_pk" PRIMARY KEY("film_id","day")
);
--> statement-breakpoint
-- Existing clicks get the UTC day they were made on. Repeated clicks by one visitor or member on one
-- film within a day count once from now on, so of those already stored only the first is kept.
ALTER TABLE "watch_clicks" ADD COLUMN "day" date;--> statement-breakpoint
UPDATE "watch_clicks" SET "day" = ("created_at" AT TIME ZONE 'UTC')::date;--> statement-breakpoint
DELETE FROM "watch_clicks" WHERE "click_id" IN (
  SELECT click_id FROM (
    SELECT click_id, row_number() OVER (PARTITION BY film_id, day, user_id, temporary_user_id ORDER BY click_id) AS nth
    FROM "watch_clicks" WHERE user_id IS NOT NULL OR temporary_user_id IS NOT NULL
  ) AS numbered WHERE nth > 1
);--> statement-breakpoint
ALTER TABLE "watch_clicks" ALTER COLUMN "day" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "watch_click_days" ADD CONSTRAINT "watch_click_days_film_id_films_film_id_fk" FOREIGN KEY ("film_id") REFERENCES "public"."films"("film_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "watch_clicks_member_day_key" ON "watch_clicks" USING btree ("film_id","day","user_id") WHERE "watch_clicks"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "watch_clicks_visitor_day_key" ON "watch_clicks" USING btree ("film_id","day","temporary_user_id") WHERE "watch_clicks"."temporary_user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "watch_clicks_day_idx" ON "watch_clicks" USING btree ("day");