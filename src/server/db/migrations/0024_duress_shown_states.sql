ALTER TABLE "alert_deliveries" ADD COLUMN "shown_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "shown_id" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "shown_added_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "shown_as" jsonb;