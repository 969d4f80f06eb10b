ALTER TABLE "review_logs" ADD COLUMN "correct" boolean;--> statement-breakpoint
-- Existing answers: right as the class dashboard read them until now (isCorrectAnswer of contracts:
-- the multiple-choice verdict, else a free answer's accuracy of FREE_RESPONSE_CORRECT_ACCURACY = 7 or more).
UPDATE "review_logs" SET "correct" = coalesce(("evaluation" -> 'multipleChoice' ->> 'isCorrect')::boolean,
  coalesce(("evaluation" -> 'freeResponse' ->> 'accuracy')::numeric, 0) >= 7)
WHERE "kind" = 'review';--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_correct_shape" CHECK (("review_logs"."kind" = 'review') = ("review_logs"."correct" is not null));
