ALTER TABLE "contacts" ADD COLUMN "invitation_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
-- Sessions opened before: their family began with its first row still kept; the device is unknown.
UPDATE "sessions" AS s SET "started_at" = f."first_issued" FROM (SELECT "family_id", min("issued_at") AS "first_issued" FROM "sessions" GROUP BY "family_id") AS f WHERE s."family_id" = f."family_id";
