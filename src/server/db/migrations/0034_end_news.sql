ALTER TABLE "alerts" ADD COLUMN "end_news" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "end_news_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_end_news" CHECK ("alerts"."end_news" in ('none', 'some', 'all'));