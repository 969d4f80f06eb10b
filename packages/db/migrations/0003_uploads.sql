CREATE TABLE "uploads" (
	"storage_ref" text PRIMARY KEY NOT NULL,
	"owner_user_id" uuid,
	"owner_anon_id" uuid,
	"original_filename" text,
	"content_type" text NOT NULL,
	"size_in_bytes" bigint NOT NULL,
	"source_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_one_owner" CHECK (("uploads"."owner_user_id" is null) <> ("uploads"."owner_anon_id" is null))
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_source_uq" ON "uploads" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "uploads_owner_user_idx" ON "uploads" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "uploads_owner_anon_idx" ON "uploads" USING btree ("owner_anon_id");--> statement-breakpoint
CREATE INDEX "uploads_unattached_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."source_id" is null;