CREATE TABLE "audit_log" (
	"audit_id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"actor_id" integer,
	"actor_username" text NOT NULL,
	"action" text NOT NULL,
	"film_id" integer,
	"submission_id" integer,
	"title" text NOT NULL,
	"release_year" integer NOT NULL,
	"reason" text,
	"changes" jsonb,
	CONSTRAINT "audit_log_action_valid" CHECK ("audit_log"."action" IN ('add', 'reject', 'edit', 'remove'))
);
--> statement-breakpoint
CREATE TABLE "film_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"film_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_film_id_films_film_id_fk" FOREIGN KEY ("film_id") REFERENCES "public"."films"("film_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_submission_id_submissions_submission_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("submission_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "film_slugs" ADD CONSTRAINT "film_slugs_film_id_films_film_id_fk" FOREIGN KEY ("film_id") REFERENCES "public"."films"("film_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "film_slugs_film_idx" ON "film_slugs" USING btree ("film_id");