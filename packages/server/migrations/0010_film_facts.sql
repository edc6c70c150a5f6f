CREATE TABLE "film_facts" (
	"film_id" integer PRIMARY KEY NOT NULL,
	"tmdb_id" integer,
	"imdb_id" text,
	"original_title" text,
	"runtime" integer,
	"directors" text[] DEFAULT '{}'::text[] NOT NULL,
	"cast" text[] DEFAULT '{}'::text[] NOT NULL,
	"genres" text[] DEFAULT '{}'::text[] NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"trailer_key" text,
	"poster_path" text,
	"watch_region" text,
	"watch_link" text,
	"watch_offers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refreshed_at" timestamp with time zone,
	"refresh_tried_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "tmdb_id" integer;--> statement-breakpoint
ALTER TABLE "film_facts" ADD CONSTRAINT "film_facts_film_id_films_film_id_fk" FOREIGN KEY ("film_id") REFERENCES "public"."films"("film_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "film_facts_tmdb_id_key" ON "film_facts" USING btree ("tmdb_id");--> statement-breakpoint
CREATE INDEX "film_facts_refreshed_idx" ON "film_facts" USING btree ("refreshed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_pending_tmdb_id_key" ON "submissions" USING btree ("tmdb_id") WHERE "submissions"."status" = 'pending' AND "submissions"."tmdb_id" IS NOT NULL;