ALTER TABLE "users" ADD COLUMN "firm_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "firm_consent_shown_off_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "firm_detention_info_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "firm_detention_shown_off_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "firm_consent_asked_at" timestamp with time zone;