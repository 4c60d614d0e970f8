CREATE TABLE "roster_classes" (
	"sourced_id" text PRIMARY KEY NOT NULL,
	"classroom_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roster_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "roster_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"actor_id" integer NOT NULL,
	"format" text NOT NULL,
	"digest" text NOT NULL,
	"counts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roster_invitations" (
	"classroom_id" integer NOT NULL,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "roster_invitations_classroom_id_email_pk" PRIMARY KEY("classroom_id","email")
);
--> statement-breakpoint
CREATE TABLE "roster_users" (
	"sourced_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roster_classes" ADD CONSTRAINT "roster_classes_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_imports" ADD CONSTRAINT "roster_imports_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_invitations" ADD CONSTRAINT "roster_invitations_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_users" ADD CONSTRAINT "roster_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_classes_classroom_idx" ON "roster_classes" USING btree ("classroom_id");--> statement-breakpoint
CREATE INDEX "roster_imports_actor_idx" ON "roster_imports" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "roster_imports_created_idx" ON "roster_imports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "roster_invitations_email_idx" ON "roster_invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "roster_users_user_idx" ON "roster_users" USING btree ("user_id");