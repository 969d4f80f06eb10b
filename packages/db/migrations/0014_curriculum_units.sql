CREATE TABLE "curriculum_imports" (
	"space_id" uuid PRIMARY KEY NOT NULL,
	"storage_ref" text NOT NULL,
	"original_filename" text,
	"content_type" text NOT NULL,
	"status" varchar(16) DEFAULT 'splitting' NOT NULL,
	"error" text,
	"units" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "unit_index" integer;--> statement-breakpoint
ALTER TABLE "curriculum_imports" ADD CONSTRAINT "curriculum_imports_space_id_study_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."study_spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "curriculum_imports_storage_ref_uq" ON "curriculum_imports" USING btree ("storage_ref");