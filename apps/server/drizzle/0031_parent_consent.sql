ALTER TABLE "users" ADD COLUMN "consent_status" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "parent_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "parent_mailed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_consent_pending_idx" ON "users" USING btree ("created_at") WHERE "users"."consent_status" = 'pending';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_consent_status" CHECK ("users"."consent_status" is null or "users"."consent_status" in ('pending', 'granted', 'school'));--> statement-breakpoint
-- hand-written: accounts teacher-made before the column existed carry the school's consent.
UPDATE "users" SET "consent_status" = 'school' WHERE "email" IS NULL OR "created_by_teacher_id" IS NOT NULL;
