CREATE TABLE "zogo_card_starts" (
	"user_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	"card" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "zogo_card_starts_user_id_module_id_card_pk" PRIMARY KEY("user_id","module_id","card")
);
--> statement-breakpoint
CREATE TABLE "zogo_check_windows" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"checks" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zogo_daily_points" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "zogo_daily_points_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "zogo_daily_points_points" CHECK ("zogo_daily_points"."points" >= 0)
);
--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD COLUMN "first_percent" integer;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "answers_shown" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "zogo_card_starts" ADD CONSTRAINT "zogo_card_starts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zogo_card_starts" ADD CONSTRAINT "zogo_card_starts_module_id_zogo_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."zogo_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zogo_check_windows" ADD CONSTRAINT "zogo_check_windows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zogo_daily_points" ADD CONSTRAINT "zogo_daily_points_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written: the daily tally starts from the completions already paid, so today's cap counts them.
INSERT INTO "zogo_daily_points" ("user_id", "day", "points")
SELECT "user_id", ("completed_at" AT TIME ZONE 'UTC')::date, sum("points")
FROM "zogo_completions"
GROUP BY 1, 2;--> statement-breakpoint
-- hand-written: each progress row's first score, from its earliest attempt.
UPDATE "lesson_progress" AS "progress"
SET "first_percent" = "first"."percent"
FROM (
  SELECT DISTINCT ON ("user_id", "lesson_id") "user_id", "lesson_id", "percent"
  FROM "quiz_attempts"
  ORDER BY "user_id", "lesson_id", "created_at", "id"
) AS "first"
WHERE "progress"."user_id" = "first"."user_id" AND "progress"."lesson_id" = "first"."lesson_id";
