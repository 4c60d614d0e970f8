CREATE TABLE "contest_invitations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contest_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contest_id" integer NOT NULL,
	"email" text NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_user_values" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contest_user_values_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contest_user_id" integer NOT NULL,
	"value_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contest_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contest_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"cash_cents" bigint NOT NULL,
	"value_cents" bigint NOT NULL,
	"realized_pnl_cents" bigint DEFAULT 0 NOT NULL,
	"commissions_cents" bigint DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contest_users_cash" CHECK ("contest_users"."cash_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_id" integer,
	"visibility" text NOT NULL,
	"join_code" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"starting_cash_cents" bigint NOT NULL,
	"commission_cents" bigint DEFAULT 0 NOT NULL,
	"max_position_weight_bps" integer,
	"after_hours" text DEFAULT 'queue' NOT NULL,
	"frozen_at" timestamp with time zone,
	"is_challenge" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contests_dates" CHECK ("contests"."ends_at" > "contests"."starts_at"),
	CONSTRAINT "contests_cash" CHECK ("contests"."starting_cash_cents" > 0),
	CONSTRAINT "contests_commission" CHECK ("contests"."commission_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contest_user_id" integer NOT NULL,
	"security_id" integer NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"limit_price_cents" bigint,
	"status" text NOT NULL,
	"fill_price_cents" bigint,
	"commission_cents" bigint DEFAULT 0 NOT NULL,
	"cash_delta_cents" bigint,
	"realized_pnl_cents" bigint,
	"rejection_reason" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "orders_quantity" CHECK ("orders"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contest_user_id" integer NOT NULL,
	"security_id" integer NOT NULL,
	"symbol" text NOT NULL,
	"shares" integer NOT NULL,
	"cost_basis_cents" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "positions_shares" CHECK ("positions"."shares" >= 0),
	CONSTRAINT "positions_cost" CHECK ("positions"."cost_basis_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "contest_invitations" ADD CONSTRAINT "contest_invitations_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_invitations" ADD CONSTRAINT "contest_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_user_values" ADD CONSTRAINT "contest_user_values_contest_user_id_contest_users_id_fk" FOREIGN KEY ("contest_user_id") REFERENCES "public"."contest_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_users" ADD CONSTRAINT "contest_users_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_users" ADD CONSTRAINT "contest_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_contest_user_id_contest_users_id_fk" FOREIGN KEY ("contest_user_id") REFERENCES "public"."contest_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_contest_user_id_contest_users_id_fk" FOREIGN KEY ("contest_user_id") REFERENCES "public"."contest_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contest_invitations_email_key" ON "contest_invitations" USING btree ("contest_id",lower("email"));--> statement-breakpoint
CREATE INDEX "contest_user_values_idx" ON "contest_user_values" USING btree ("contest_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contest_users_member_key" ON "contest_users" USING btree ("contest_id","user_id");--> statement-breakpoint
CREATE INDEX "contest_users_leaderboard_idx" ON "contest_users" USING btree ("contest_id","value_cents" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "contest_users_user_idx" ON "contest_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contests_join_code_key" ON "contests" USING btree ("join_code");--> statement-breakpoint
CREATE UNIQUE INDEX "contests_one_challenge" ON "contests" USING btree ("is_challenge") WHERE "contests"."is_challenge";--> statement-breakpoint
CREATE INDEX "contests_visibility_idx" ON "contests" USING btree ("visibility","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key" ON "orders" USING btree ("contest_user_id","idempotency_key") WHERE "orders"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "orders_history_idx" ON "orders" USING btree ("contest_user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("status") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "positions_holding_key" ON "positions" USING btree ("contest_user_id","security_id");