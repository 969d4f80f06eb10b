CREATE TYPE "public"."card_state" AS ENUM('new', 'learning', 'review', 'relearning');--> statement-breakpoint
CREATE TYPE "public"."review_log_kind" AS ENUM('review', 'override');--> statement-breakpoint
CREATE TYPE "public"."review_rating" AS ENUM('again', 'hard', 'good', 'easy');--> statement-breakpoint
CREATE TABLE "review_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid,
	"owner_anon_id" uuid,
	"question_id" uuid NOT NULL,
	"deck_id" uuid NOT NULL,
	"state" "card_state" NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"elapsed_days" integer DEFAULT 0 NOT NULL,
	"scheduled_days" integer DEFAULT 0 NOT NULL,
	"learning_steps" integer DEFAULT 0 NOT NULL,
	"reps" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"last_review" timestamp with time zone,
	"last_rating" "review_rating" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_cards_one_owner" CHECK (("review_cards"."owner_user_id" is null) <> ("review_cards"."owner_anon_id" is null))
);
--> statement-breakpoint
CREATE TABLE "review_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid,
	"owner_anon_id" uuid,
	"question_id" uuid NOT NULL,
	"deck_id" uuid NOT NULL,
	"kind" "review_log_kind" DEFAULT 'review' NOT NULL,
	"rating" "review_rating" NOT NULL,
	"state" "card_state" NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"elapsed_days" integer DEFAULT 0 NOT NULL,
	"last_elapsed_days" integer DEFAULT 0 NOT NULL,
	"scheduled_days" integer DEFAULT 0 NOT NULL,
	"learning_steps" integer DEFAULT 0 NOT NULL,
	"response" jsonb,
	"evaluation" jsonb,
	"time_taken_ms" integer,
	"reviewed_at" timestamp with time zone NOT NULL,
	"overrides_id" uuid,
	"overridden_from" "review_rating",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_logs_one_owner" CHECK (("review_logs"."owner_user_id" is null) <> ("review_logs"."owner_anon_id" is null)),
	CONSTRAINT "review_logs_override_shape" CHECK (("review_logs"."kind" = 'override') = ("review_logs"."overrides_id" is not null and "review_logs"."overridden_from" is not null))
);
--> statement-breakpoint
CREATE TABLE "review_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid,
	"owner_anon_id" uuid,
	"desired_retention" double precision NOT NULL,
	"new_per_day" integer NOT NULL,
	"reviews_per_day" integer NOT NULL,
	"time_zone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_settings_one_owner" CHECK (("review_settings"."owner_user_id" is null) <> ("review_settings"."owner_anon_id" is null))
);
--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "concepts" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_settings" ADD CONSTRAINT "review_settings_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_cards_user_question_uq" ON "review_cards" USING btree ("owner_user_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_cards_anon_question_uq" ON "review_cards" USING btree ("owner_anon_id","question_id");--> statement-breakpoint
CREATE INDEX "review_cards_user_due_idx" ON "review_cards" USING btree ("owner_user_id","due");--> statement-breakpoint
CREATE INDEX "review_cards_anon_due_idx" ON "review_cards" USING btree ("owner_anon_id","due");--> statement-breakpoint
CREATE INDEX "review_cards_deck_due_idx" ON "review_cards" USING btree ("deck_id","due");--> statement-breakpoint
CREATE INDEX "review_cards_question_idx" ON "review_cards" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "review_logs_user_time_idx" ON "review_logs" USING btree ("owner_user_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "review_logs_anon_time_idx" ON "review_logs" USING btree ("owner_anon_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "review_logs_question_time_idx" ON "review_logs" USING btree ("question_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "review_logs_deck_idx" ON "review_logs" USING btree ("deck_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_settings_user_uq" ON "review_settings" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_settings_anon_uq" ON "review_settings" USING btree ("owner_anon_id");