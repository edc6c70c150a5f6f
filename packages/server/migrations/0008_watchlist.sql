CREATE TABLE "watchlist" (
	"user_id" integer NOT NULL,
	"film_id" integer NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "watchlist_user_id_film_id_pk" PRIMARY KEY("user_id","film_id")
);
--> statement-breakpoint
ALTER TABLE "watchlist" ADD CONSTRAINT "watchlist_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist" ADD CONSTRAINT "watchlist_film_id_films_film_id_fk" FOREIGN KEY ("film_id") REFERENCES "public"."films"("film_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watchlist_film_idx" ON "watchlist" USING btree ("film_id");--> statement-breakpoint
CREATE INDEX "films_created_idx" ON "films" USING btree ("created_at");