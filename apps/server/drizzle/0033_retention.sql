ALTER TABLE "users" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "retention_warned_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "staff_audit_log_at_idx" ON "staff_audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "users_last_active_idx" ON "users" USING btree ("last_active_at") WHERE "users"."purged_at" is null;--> statement-breakpoint
CREATE INDEX "user_tokens_expiry_idx" ON "user_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
-- hand-written: existing accounts were last used no earlier than their creation, their last
-- change, or their newest listed session; adding the column gave them the migration's time.
UPDATE "users" SET "last_active_at" = greatest(
  "created_at",
  "updated_at",
  (SELECT max("last_seen_at") FROM "user_sessions" WHERE "user_sessions"."user_id" = "users"."id")
);
