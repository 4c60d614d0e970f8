CREATE TABLE "login_address_failures" (
	"address" text NOT NULL,
	"key" text NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_address_failures_address_key_pk" PRIMARY KEY("address","key")
);
--> statement-breakpoint
CREATE INDEX "login_address_failures_time_idx" ON "login_address_failures" USING btree ("last_failure_at");