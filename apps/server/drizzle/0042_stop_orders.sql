ALTER TABLE "orders" ADD COLUMN "stop_price_cents" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "time_in_force" text DEFAULT 'gtc' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "triggered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_stop_price" CHECK ("orders"."stop_price_cents" is null or "orders"."stop_price_cents" > 0);