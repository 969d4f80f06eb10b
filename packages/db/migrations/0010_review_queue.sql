CREATE TABLE "review_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid,
	"owner_anon_id" uuid,
	"day" date NOT NULL,
	"reviews" integer NOT NULL,
	"again" integer NOT NULL,
	"mature" integer NOT NULL,
	"mature_again" integer NOT NULL,
	"news" integer NOT NULL,
	"limited" integer NOT NULL,
	CONSTRAINT "review_days_one_owner" CHECK (("review_days"."owner_user_id" is null) <> ("review_days"."owner_anon_id" is null))
);
--> statement-breakpoint
DROP INDEX "review_cards_deck_due_idx";--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "studied" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written: questions already answered in review are studied.
UPDATE "questions" q SET "studied" = true WHERE EXISTS (SELECT 1 FROM "review_cards" c WHERE c."question_id" = q."id");--> statement-breakpoint
ALTER TABLE "review_logs" ADD COLUMN "desired_retention" double precision;--> statement-breakpoint
-- Hand-written: reviews written before the column were scheduled with the learner's setting as it is
-- now (the only value kept), 0.9 without settings.
UPDATE "review_logs" l SET "desired_retention" = coalesce(
  (SELECT s."desired_retention" FROM "review_settings" s
   WHERE s."owner_user_id" = l."owner_user_id" OR s."owner_anon_id" = l."owner_anon_id"), 0.9);--> statement-breakpoint
ALTER TABLE "review_logs" ALTER COLUMN "desired_retention" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "review_days" ADD CONSTRAINT "review_days_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_days_user_day_uq" ON "review_days" USING btree ("owner_user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "review_days_anon_day_uq" ON "review_days" USING btree ("owner_anon_id","day");--> statement-breakpoint
CREATE INDEX "questions_new_idx" ON "questions" USING btree ("deck_id","position","created_at","id") WHERE not "questions"."studied";--> statement-breakpoint
CREATE INDEX "review_cards_user_state_due_idx" ON "review_cards" USING btree ("owner_user_id","state","due");--> statement-breakpoint
CREATE INDEX "review_cards_anon_state_due_idx" ON "review_cards" USING btree ("owner_anon_id","state","due");--> statement-breakpoint
CREATE INDEX "review_cards_deck_state_due_idx" ON "review_cards" USING btree ("deck_id","state","due");--> statement-breakpoint
-- Hand-written: the day summaries of the existing log (the review module's own query, per owner).
INSERT INTO "review_days" ("owner_user_id", "owner_anon_id", "day", "reviews", "again", "mature", "mature_again", "news", "limited")
SELECT l."owner_user_id", l."owner_anon_id",
  ((l."reviewed_at" AT TIME ZONE coalesce(s."time_zone", 'UTC')) - interval '4 hours')::date,
  count(*) FILTER (WHERE l."kind" = 'review'),
  count(*) FILTER (WHERE l."rating" = 'again') - count(*) FILTER (WHERE l."kind" = 'override' AND l."overridden_from" = 'again'),
  count(*) FILTER (WHERE l."kind" = 'review' AND l."state" = 'review'),
  count(*) FILTER (WHERE l."state" = 'review' AND l."rating" = 'again')
    - count(*) FILTER (WHERE l."kind" = 'override' AND l."state" = 'review' AND l."overridden_from" = 'again'),
  count(*) FILTER (WHERE l."kind" = 'review' AND l."state" = 'new'),
  count(*) FILTER (WHERE l."kind" = 'review' AND (l."state" = 'review' OR (l."state" IN ('learning', 'relearning') AND l."scheduled_days" >= 1)))
FROM "review_logs" l
LEFT JOIN "review_settings" s ON s."owner_user_id" = l."owner_user_id" OR s."owner_anon_id" = l."owner_anon_id"
GROUP BY 1, 2, 3;
