CREATE TABLE "desk_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"staff_id" uuid NOT NULL,
	"staff_email" text NOT NULL,
	"action" text NOT NULL,
	"query" text,
	"alert_id" uuid,
	"user_id" uuid,
	"results" integer
);
--> statement-breakpoint
CREATE TABLE "desk_cases" (
	"alert_id" uuid PRIMARY KEY NOT NULL,
	"claimed_by" uuid NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"closed_by" uuid,
	"closed_at" timestamp with time zone,
	"outcome" text,
	"close_note" text
);
--> statement-breakpoint
CREATE TABLE "desk_escalations" (
	"alert_id" uuid NOT NULL,
	"round" smallint NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "desk_escalations_alert_id_round_pk" PRIMARY KEY("alert_id","round")
);
--> statement-breakpoint
CREATE TABLE "desk_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alert_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"action" text,
	"text" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"challenge" text NOT NULL,
	"purpose" text NOT NULL,
	"staff_id" uuid,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deletion_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "desk_cases" ADD CONSTRAINT "desk_cases_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_cases" ADD CONSTRAINT "desk_cases_claimed_by_staff_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_cases" ADD CONSTRAINT "desk_cases_closed_by_staff_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_escalations" ADD CONSTRAINT "desk_escalations_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_notes" ADD CONSTRAINT "desk_notes_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_notes" ADD CONSTRAINT "desk_notes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_challenges" ADD CONSTRAINT "staff_challenges_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desk_audit_at_idx" ON "desk_audit" USING btree ("at");--> statement-breakpoint
CREATE INDEX "desk_notes_alert_idx" ON "desk_notes" USING btree ("alert_id","at");--> statement-breakpoint
-- Hand-written (re-append after regenerating): the desk's audit log is append-only. Whoever can
-- write to the database can still drop the trigger; the app and its admins cannot rewrite history.
CREATE FUNCTION "desk_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'desk_audit is append-only';
END
$$;--> statement-breakpoint
CREATE TRIGGER "desk_audit_no_update_or_delete" BEFORE UPDATE OR DELETE ON "desk_audit"
  FOR EACH ROW EXECUTE FUNCTION "desk_audit_append_only"();--> statement-breakpoint
CREATE TRIGGER "desk_audit_no_truncate" BEFORE TRUNCATE ON "desk_audit"
  FOR EACH STATEMENT EXECUTE FUNCTION "desk_audit_append_only"();
--> statement-breakpoint
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
