CREATE TABLE "support_tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"user_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"position" text,
	"school_name" text,
	"description" text NOT NULL,
	"phone" text,
	"anticipated_teacher_participation" integer,
	"anticipated_student_participation" integer,
	"language" text NOT NULL,
	"sender_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	CONSTRAINT "support_tickets_kind" CHECK ("support_tickets"."kind" in ('support', 'contact_sales', 'school_event')),
	CONSTRAINT "support_tickets_status" CHECK ("support_tickets"."status" in ('open', 'answered'))
);
--> statement-breakpoint
CREATE TABLE "support_used_human_checks" (
	"challenge_id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_tickets_status_created_idx" ON "support_tickets" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_tickets_created_idx" ON "support_tickets" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_tickets_sender_created_idx" ON "support_tickets" USING btree ("sender_address","created_at");--> statement-breakpoint
CREATE INDEX "support_used_human_checks_expires_idx" ON "support_used_human_checks" USING btree ("expires_at");