ALTER TABLE "contest_users" ADD COLUMN "reserved_cash_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contest_users" ADD COLUMN "left_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reserved_cash_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reserved_shares" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "reserved_shares" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contest_users" ADD CONSTRAINT "contest_users_reserved_cash" CHECK ("contest_users"."reserved_cash_cents" >= 0 and "contest_users"."reserved_cash_cents" <= "contest_users"."cash_cents");--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_reserved_shares" CHECK ("positions"."reserved_shares" >= 0 and "positions"."reserved_shares" <= "positions"."shares");