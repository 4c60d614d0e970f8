CREATE TABLE "portfolio_adjustments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "portfolio_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contest_id" integer NOT NULL,
	"contest_user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"value_before_cents" bigint NOT NULL,
	"last_order_id" bigint DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_adjustments_reason" CHECK (char_length("portfolio_adjustments"."reason") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "portfolio_adjustments" ADD CONSTRAINT "portfolio_adjustments_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_adjustments" ADD CONSTRAINT "portfolio_adjustments_contest_user_id_contest_users_id_fk" FOREIGN KEY ("contest_user_id") REFERENCES "public"."contest_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_adjustments" ADD CONSTRAINT "portfolio_adjustments_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portfolio_adjustments_contest_idx" ON "portfolio_adjustments" USING btree ("contest_id","id");--> statement-breakpoint
CREATE INDEX "portfolio_adjustments_member_idx" ON "portfolio_adjustments" USING btree ("contest_user_id","id");--> statement-breakpoint
CREATE INDEX "portfolio_adjustments_actor_idx" ON "portfolio_adjustments" USING btree ("actor_id");