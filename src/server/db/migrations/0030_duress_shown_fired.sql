ALTER TABLE "alerts" ADD COLUMN "shown_again_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "shown_fired_at" timestamp with time zone;