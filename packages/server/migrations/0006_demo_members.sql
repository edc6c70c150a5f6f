ALTER TABLE "users" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "users_demo_idx" ON "users" USING btree ("user_id") WHERE "users"."demo";