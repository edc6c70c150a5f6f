CREATE TABLE "poster_files" (
	"key" text PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"stored_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "poster_images" (
	"key" text NOT NULL,
	"width" smallint NOT NULL,
	"body" "bytea" NOT NULL,
	"etag" text NOT NULL,
	CONSTRAINT "poster_images_key_width_pk" PRIMARY KEY("key","width")
);
--> statement-breakpoint
ALTER TABLE "films" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "films" ADD COLUMN "note_by" integer;--> statement-breakpoint
ALTER TABLE "films" ADD COLUMN "note_named" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "note_named" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "poster_images" ADD CONSTRAINT "poster_images_key_poster_files_key_fk" FOREIGN KEY ("key") REFERENCES "public"."poster_files"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "films" ADD CONSTRAINT "films_note_by_users_user_id_fk" FOREIGN KEY ("note_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;