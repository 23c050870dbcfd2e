ALTER TABLE "users" ADD COLUMN "detention_shown_sealed" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "detention_shown_at" timestamp with time zone;