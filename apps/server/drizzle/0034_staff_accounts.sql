ALTER TABLE "staff_audit_log" DROP CONSTRAINT "staff_audit_log_action";--> statement-breakpoint
DROP INDEX "staff_audit_log_at_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_by" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_deactivated_by_users_id_fk" FOREIGN KEY ("deactivated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_audit_log_at_idx" ON "staff_audit_log" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "staff_audit_log" ADD CONSTRAINT "staff_audit_log_action" CHECK ("staff_audit_log"."action" in ('teacher.trust', 'teacher.revoke', 'user.deactivate', 'user.reactivate', 'audit_log.export'));