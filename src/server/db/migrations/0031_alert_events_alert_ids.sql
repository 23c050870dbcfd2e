ALTER TABLE "alert_events" ADD COLUMN "alert_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_events" ADD COLUMN "lines" jsonb;--> statement-breakpoint
CREATE INDEX "alert_events_alert_ids_idx" ON "alert_events" USING gin ("alert_ids");--> statement-breakpoint
-- Hand-written, keep when regenerating (docs/decisions/040): one row per event, naming every alert
-- it concerns. Each row written before keeps its one alert as the one element of "alert_ids" and no
-- "lines": nothing is lost ("alert_id" goes in the next migration, once copied here).
UPDATE "alert_events" SET "alert_ids" = ARRAY["alert_id"] WHERE "alert_id" IS NOT NULL;--> statement-breakpoint
-- The desk's live feed (src/server/desk/desk-feed.ts), as migrations desk_live and
-- desk_consent_events made it, told once for each alert an event concerns: the same payload
-- (alert id, event id, kind), nothing of the person.
CREATE OR REPLACE FUNCTION "alert_events_desk_feed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  concerned uuid;
BEGIN
  IF cardinality(NEW.alert_ids) > 0
    AND (NEW.kind = 'firm-consent-off'
      OR EXISTS (SELECT 1 FROM users u WHERE u.id = NEW.user_id AND u.firm_consent_at IS NOT NULL)) THEN
    FOREACH concerned IN ARRAY NEW.alert_ids LOOP
      PERFORM pg_notify('desk_feed', concerned::text || ':' || NEW.id::text || ':' || NEW.kind);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
