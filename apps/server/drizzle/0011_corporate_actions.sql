CREATE TABLE "market_corporate_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market_corporate_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"symbol" text NOT NULL,
	"day" date NOT NULL,
	"pay_day" date,
	"cash_cents" bigint,
	"numerator" integer,
	"denominator" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_corporate_actions_shape" CHECK (("market_corporate_actions"."kind" = 'dividend' and "market_corporate_actions"."cash_cents" > 0 and "market_corporate_actions"."pay_day" >= "market_corporate_actions"."day")
        or ("market_corporate_actions"."kind" = 'split' and "market_corporate_actions"."numerator" > 0 and "market_corporate_actions"."denominator" > 0))
);
--> statement-breakpoint
CREATE TABLE "corporate_action_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "corporate_action_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contest_user_id" integer NOT NULL,
	"action_key" text NOT NULL,
	"kind" text NOT NULL,
	"security_id" integer NOT NULL,
	"symbol" text NOT NULL,
	"status" text NOT NULL,
	"shares" integer NOT NULL,
	"shares_after" integer,
	"per_share_cents" bigint,
	"numerator" integer,
	"denominator" integer,
	"cash_cents" bigint DEFAULT 0 NOT NULL,
	"realized_pnl_cents" bigint DEFAULT 0 NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"pay_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "corporate_action_entries_shares" CHECK ("corporate_action_entries"."shares" >= 0),
	CONSTRAINT "corporate_action_entries_cash" CHECK ("corporate_action_entries"."cash_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "corporate_action_entries" ADD CONSTRAINT "corporate_action_entries_contest_user_id_contest_users_id_fk" FOREIGN KEY ("contest_user_id") REFERENCES "public"."contest_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "market_corporate_actions_key" ON "market_corporate_actions" USING btree ("symbol","kind","day");--> statement-breakpoint
CREATE UNIQUE INDEX "corporate_action_entries_key" ON "corporate_action_entries" USING btree ("contest_user_id","action_key");--> statement-breakpoint
CREATE INDEX "corporate_action_entries_due_idx" ON "corporate_action_entries" USING btree ("pay_at") WHERE "corporate_action_entries"."status" = 'entitled';