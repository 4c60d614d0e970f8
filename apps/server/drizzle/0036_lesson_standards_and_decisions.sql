ALTER TABLE "lessons" ADD COLUMN "standards" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "decision" jsonb;