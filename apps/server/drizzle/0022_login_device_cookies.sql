CREATE TABLE "address_failures" (
	"scope" text NOT NULL,
	"address" text NOT NULL,
	"key" text NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	CONSTRAINT "address_failures_scope_address_key_pk" PRIMARY KEY("scope","address","key")
);
--> statement-breakpoint
CREATE INDEX "address_failures_time_idx" ON "address_failures" USING btree ("last_failure_at");