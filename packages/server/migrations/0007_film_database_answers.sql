CREATE TABLE "film_database_answers" (
	"key" text PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"fresh_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "film_database_answers_fetched_idx" ON "film_database_answers" USING btree ("fetched_at");