ALTER TABLE "cards" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "correct_answer_index" integer;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "generation_request_id" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "generation_request_id" text;--> statement-breakpoint
CREATE INDEX "cards_generation_idx" ON "cards" USING btree ("deck_id","generation_request_id") WHERE "cards"."generation_request_id" is not null;--> statement-breakpoint
CREATE INDEX "questions_generation_idx" ON "questions" USING btree ("deck_id","generation_request_id") WHERE "questions"."generation_request_id" is not null;