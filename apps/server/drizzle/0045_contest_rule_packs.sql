ALTER TABLE "contests" ADD COLUMN "rule_preset" text DEFAULT 'custom' NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "allowed_symbols" text[];--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "blocked_symbols" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "allowed_sectors" text[];--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "blocked_sectors" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "min_share_price_cents" bigint;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "max_trades_per_day" integer;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "min_holding_minutes" integer;