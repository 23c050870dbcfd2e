ALTER TABLE "alert_events" DROP CONSTRAINT "alert_events_alert_id_alerts_id_fk";
--> statement-breakpoint
DROP INDEX "alert_events_alert_at_idx";--> statement-breakpoint
ALTER TABLE "alert_events" DROP COLUMN "alert_id";