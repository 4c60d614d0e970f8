CREATE TABLE "point_balances" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"balance" integer NOT NULL,
	CONSTRAINT "point_balances_not_negative" CHECK ("point_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "zogo_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zogo_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zogo_completions" (
	"user_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	"points" integer NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zogo_completions_user_id_module_id_pk" PRIMARY KEY("user_id","module_id")
);
--> statement-breakpoint
CREATE TABLE "zogo_module_lessons" (
	"module_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	CONSTRAINT "zogo_module_lessons_module_id_lesson_id_pk" PRIMARY KEY("module_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "zogo_modules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zogo_modules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"category_id" integer NOT NULL,
	"skill_id" integer NOT NULL,
	"points" integer NOT NULL,
	"image" text NOT NULL,
	"minutes" integer NOT NULL,
	"cards" jsonb NOT NULL,
	"position" integer NOT NULL,
	"content_hash" text NOT NULL,
	"retired_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zogo_modules_points" CHECK ("zogo_modules"."points" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "zogo_skills" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zogo_skills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"category_id" integer NOT NULL,
	"position" integer NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "redemptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"reward_id" integer NOT NULL,
	"classroom_id" integer,
	"cost" integer NOT NULL,
	"status" text NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redemptions_cost_positive" CHECK ("redemptions"."cost" > 0)
);
--> statement-breakpoint
CREATE TABLE "reward_equips" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"frame_reward_id" integer,
	"badge_reward_id" integer
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"slug" text,
	"classroom_id" integer,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cost" integer NOT NULL,
	"created_by" integer,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rewards_cost_positive" CHECK ("rewards"."cost" > 0),
	CONSTRAINT "rewards_platform_or_classroom" CHECK (("rewards"."classroom_id" is null) = ("rewards"."slug" is not null))
);
--> statement-breakpoint
DROP INDEX "point_entries_user_idx";--> statement-breakpoint
ALTER TABLE "point_entries" ADD COLUMN "source" text;--> statement-breakpoint
UPDATE "point_entries" SET "source" = 'earlier:' || "id";--> statement-breakpoint
DELETE FROM "point_entries" WHERE "points" = 0;--> statement-breakpoint
ALTER TABLE "point_entries" ALTER COLUMN "source" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "point_entries" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "point_entries" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "point_balances" ADD CONSTRAINT "point_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zogo_completions" ADD CONSTRAINT "zogo_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zogo_completions" ADD CONSTRAINT "zogo_completions_module_id_zogo_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."zogo_modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zogo_module_lessons" ADD CONSTRAINT "zogo_module_lessons_module_id_zogo_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."zogo_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zogo_module_lessons" ADD CONSTRAINT "zogo_module_lessons_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zogo_modules" ADD CONSTRAINT "zogo_modules_category_id_zogo_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."zogo_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zogo_modules" ADD CONSTRAINT "zogo_modules_skill_id_zogo_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."zogo_skills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zogo_skills" ADD CONSTRAINT "zogo_skills_category_id_zogo_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."zogo_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_equips" ADD CONSTRAINT "reward_equips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_equips" ADD CONSTRAINT "reward_equips_frame_reward_id_rewards_id_fk" FOREIGN KEY ("frame_reward_id") REFERENCES "public"."rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_equips" ADD CONSTRAINT "reward_equips_badge_reward_id_rewards_id_fk" FOREIGN KEY ("badge_reward_id") REFERENCES "public"."rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "zogo_categories_slug_key" ON "zogo_categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "zogo_module_lessons_lesson_idx" ON "zogo_module_lessons" USING btree ("lesson_id");--> statement-breakpoint
CREATE UNIQUE INDEX "zogo_modules_slug_key" ON "zogo_modules" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "zogo_modules_skill_idx" ON "zogo_modules" USING btree ("skill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "zogo_skills_slug_key" ON "zogo_skills" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "redemptions_platform_once_key" ON "redemptions" USING btree ("user_id","reward_id") WHERE "redemptions"."classroom_id" is null;--> statement-breakpoint
CREATE INDEX "redemptions_user_idx" ON "redemptions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "redemptions_classroom_status_idx" ON "redemptions" USING btree ("classroom_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_slug_key" ON "rewards" USING btree ("slug") WHERE "rewards"."slug" is not null;--> statement-breakpoint
CREATE INDEX "rewards_classroom_idx" ON "rewards" USING btree ("classroom_id");--> statement-breakpoint
ALTER TABLE "point_entries" ADD CONSTRAINT "point_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "point_entries_user_source_key" ON "point_entries" USING btree ("user_id","source");--> statement-breakpoint
CREATE INDEX "point_entries_created_by_idx" ON "point_entries" USING btree ("created_by","created_at") WHERE "point_entries"."created_by" is not null;--> statement-breakpoint
CREATE INDEX "point_entries_user_idx" ON "point_entries" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "point_entries" ADD CONSTRAINT "point_entries_points_nonzero" CHECK ("point_entries"."points" <> 0);--> statement-breakpoint
INSERT INTO "point_balances" ("user_id", "balance") SELECT "user_id", greatest(sum("points"), 0)::int FROM "point_entries" GROUP BY "user_id";
