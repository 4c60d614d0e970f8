CREATE TABLE "staff_audit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"actor_id" integer,
	"action" text NOT NULL,
	"target_user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_audit_log_action" CHECK ("staff_audit_log"."action" in ('teacher.trust', 'teacher.revoke'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "teacher_trusted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "teacher_trusted_by" integer;--> statement-breakpoint
ALTER TABLE "staff_audit_log" ADD CONSTRAINT "staff_audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_audit_log" ADD CONSTRAINT "staff_audit_log_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_audit_log_target_idx" ON "staff_audit_log" USING btree ("target_user_id","at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_teacher_trusted_by_users_id_fk" FOREIGN KEY ("teacher_trusted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_teachers_trusted_idx" ON "users" USING btree ("teacher_trusted_at","created_at" DESC NULLS LAST) WHERE "users"."is_teacher";--> statement-breakpoint
-- hand-written: every teacher already in the database starts pending (docs/decisions/028),
-- except the demo teacher the seed made (apps/server/src/users/demo.ts), whose address is
-- verified and cannot receive mail, so nobody else can hold it.
UPDATE "users" SET "teacher_trusted_at" = now()
  WHERE "is_teacher" AND "username" = 'ms.rivera'
    AND lower("email") = 'teacher@demo.bullpen.local' AND "email_verified_at" IS NOT NULL;
