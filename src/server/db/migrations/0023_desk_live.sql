CREATE TABLE "desk_escalations" (
	"alert_id" uuid NOT NULL,
	"round" smallint NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "desk_escalations_alert_id_round_pk" PRIMARY KEY("alert_id","round")
);
--> statement-breakpoint
ALTER TABLE "desk_escalations" ADD CONSTRAINT "desk_escalations_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written, keep when regenerating (src/server/desk/desk-feed.ts): every line appended to
-- alert_events about an alert of a person who shares their alerts with the firm tells every
-- instance's desk feed, from inside the appending transaction, whichever code appends it.
-- PostgreSQL delivers it at the commit, in commit order, and never for a transaction that rolls
-- back. Only those people's lines: a NOTIFY holds a database-wide lock through its commit
-- (docs/decisions/009), which the alerts the desk never sees must not pay.
CREATE FUNCTION "alert_events_desk_feed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.alert_id IS NOT NULL
    AND EXISTS (SELECT 1 FROM users u WHERE u.id = NEW.user_id AND u.firm_consent_at IS NOT NULL) THEN
    PERFORM pg_notify('desk_feed', NEW.alert_id::text || ':' || NEW.id::text || ':' || NEW.kind);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "alert_events_desk_feed" AFTER INSERT ON "alert_events" FOR EACH ROW EXECUTE FUNCTION "alert_events_desk_feed"();
