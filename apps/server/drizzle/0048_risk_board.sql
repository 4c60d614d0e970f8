CREATE TABLE "contest_risk_lines" (
	"contest_user_id" integer PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL,
	"trading_days" integer NOT NULL,
	"mean_return" double precision NOT NULL,
	"m2" double precision NOT NULL,
	"last_close_cents" bigint NOT NULL,
	"peak_cents" bigint NOT NULL,
	"max_drawdown_bps" integer NOT NULL,
	"sharpe" double precision,
	"last_close_day" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "risk_board" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "min_trading_days" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "max_drawdown_bps" integer DEFAULT 2000 NOT NULL;--> statement-breakpoint
ALTER TABLE "contest_risk_lines" ADD CONSTRAINT "contest_risk_lines_contest_user_id_contest_users_id_fk" FOREIGN KEY ("contest_user_id") REFERENCES "public"."contest_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contest_risk_lines_sharpe_idx" ON "contest_risk_lines" USING btree ("contest_id","sharpe" DESC NULLS LAST,"contest_user_id");--> statement-breakpoint
CREATE INDEX "contest_risk_lines_value_idx" ON "contest_risk_lines" USING btree ("contest_id","last_close_cents" DESC NULLS LAST,"contest_user_id");--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_min_trading_days" CHECK ("contests"."min_trading_days" between 1 and 60);--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_max_drawdown" CHECK ("contests"."max_drawdown_bps" between 100 and 9000);