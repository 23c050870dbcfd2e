ALTER TABLE "users" ADD COLUMN "shown_pin_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shown_other_pin_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pins_shown_at" timestamp with time zone;