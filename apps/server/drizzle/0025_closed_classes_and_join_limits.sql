CREATE TABLE "attempt_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "under_13_until" date;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "joins_closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "attempt_windows_end_idx" ON "attempt_windows" USING btree ("window_ends_at");--> statement-breakpoint
-- hand-written: students no longer in a class leave its contests, as the classrooms leaving
-- hook does from now on (classrooms/contests-service.ts leaveWithStudent): their pending
-- orders are cancelled and what those set aside is given back, then the portfolio is left.
CREATE TEMPORARY TABLE "former_class_members" AS
SELECT "contest_users"."id" FROM "contest_users"
JOIN "contests" ON "contests"."id" = "contest_users"."contest_id"
JOIN "classrooms" ON "classrooms"."id" = "contests"."classroom_id"
WHERE "contest_users"."left_at" IS NULL
  AND "contest_users"."user_id" <> "classrooms"."teacher_id"
  AND NOT EXISTS (
    SELECT 1 FROM "classroom_members"
    WHERE "classroom_members"."classroom_id" = "contests"."classroom_id"
      AND "classroom_members"."user_id" = "contest_users"."user_id"
  );
--> statement-breakpoint
UPDATE "orders" SET "status" = 'cancelled', "closed_at" = now()
WHERE "status" = 'pending' AND "contest_user_id" IN (SELECT "id" FROM "former_class_members");
--> statement-breakpoint
UPDATE "positions" SET "reserved_shares" = 0
WHERE "contest_user_id" IN (SELECT "id" FROM "former_class_members");
--> statement-breakpoint
UPDATE "contest_users" SET "reserved_cash_cents" = 0, "left_at" = now()
WHERE "id" IN (SELECT "id" FROM "former_class_members");
--> statement-breakpoint
DROP TABLE "former_class_members";
