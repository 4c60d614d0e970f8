CREATE TABLE "classroom_mutes" (
	"classroom_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"muted_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_mutes_classroom_id_user_id_pk" PRIMARY KEY("classroom_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "classroom_post_reports" (
	"post_id" bigint NOT NULL,
	"reporter_id" integer NOT NULL,
	"classroom_id" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_post_reports_post_id_reporter_id_pk" PRIMARY KEY("post_id","reporter_id")
);
--> statement-breakpoint
ALTER TABLE "classroom_posts" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "classroom_mutes" ADD CONSTRAINT "classroom_mutes_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_mutes" ADD CONSTRAINT "classroom_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_post_reports" ADD CONSTRAINT "classroom_post_reports_post_id_classroom_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."classroom_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_post_reports" ADD CONSTRAINT "classroom_post_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_post_reports" ADD CONSTRAINT "classroom_post_reports_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "classroom_mutes_user_idx" ON "classroom_mutes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "classroom_post_reports_classroom_idx" ON "classroom_post_reports" USING btree ("classroom_id","post_id");--> statement-breakpoint
CREATE INDEX "classroom_post_reports_reporter_idx" ON "classroom_post_reports" USING btree ("reporter_id");