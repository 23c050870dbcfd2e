ALTER TABLE "users" ADD COLUMN "sessions_shown_closed_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sessions_shown_closed_at" timestamp with time zone;