CREATE TABLE "usage_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid,
	"owner_anon_id" uuid,
	"source_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"month" date NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_records_one_owner" CHECK (("usage_records"."owner_user_id" is null) <> ("usage_records"."owner_anon_id" is null))
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "state_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "usage_records_source_attempt_uq" ON "usage_records" USING btree ("source_id","attempt");