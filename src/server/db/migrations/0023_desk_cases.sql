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
CREATE TABLE "desk_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"alert_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"action" text,
	"text" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "desk_cases" ADD CONSTRAINT "desk_cases_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_cases" ADD CONSTRAINT "desk_cases_claimed_by_staff_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_cases" ADD CONSTRAINT "desk_cases_closed_by_staff_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_notes" ADD CONSTRAINT "desk_notes_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_notes" ADD CONSTRAINT "desk_notes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
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
