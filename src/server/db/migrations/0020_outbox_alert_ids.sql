ALTER TABLE "outbox" ADD COLUMN "alert_id" uuid;--> statement-breakpoint
CREATE INDEX "outbox_alert_idx" ON "outbox" USING btree ("alert_id","recipient") WHERE "outbox"."alert_id" is not null;--> statement-breakpoint
-- An alert's messages still waiting from before the column: their data name the alert (src/server/messages/kinds.ts).
UPDATE "outbox" SET "alert_id" = substring("template_data" from '"alertId":"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"')::uuid
WHERE "status" = 'pending' AND "template_data" ~ '"alertId":"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"';
