ALTER TABLE "lesson_progress" ADD COLUMN "first_percent" integer;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "answers_shown" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- hand-written: each progress row's first score, from its earliest attempt.
UPDATE "lesson_progress" AS "progress"
SET "first_percent" = "first"."percent"
FROM (
  SELECT DISTINCT ON ("user_id", "lesson_id") "user_id", "lesson_id", "percent"
  FROM "quiz_attempts"
  ORDER BY "user_id", "lesson_id", "created_at", "id"
) AS "first"
WHERE "progress"."user_id" = "first"."user_id" AND "progress"."lesson_id" = "first"."lesson_id";
