ALTER TABLE "desk_audit" ALTER COLUMN "staff_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "desk_audit" ADD COLUMN "subject_email" text;