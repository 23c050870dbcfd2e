ALTER TABLE "contacts" ADD COLUMN "shown_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "shown_without_detention_at" timestamp with time zone;