CREATE TABLE "desk_audit_cases" (
	"audit_id" bigint PRIMARY KEY NOT NULL,
	"alert_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "desk_audit" ADD COLUMN "query_hash" text;--> statement-breakpoint
ALTER TABLE "desk_audit" ADD COLUMN "alert_ref" text;--> statement-breakpoint
ALTER TABLE "desk_audit_cases" ADD CONSTRAINT "desk_audit_cases_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desk_audit_cases_alert_idx" ON "desk_audit_cases" USING btree ("alert_id");--> statement-breakpoint
CREATE INDEX "desk_audit_query_hash_idx" ON "desk_audit" USING btree ("query_hash");--> statement-breakpoint
ALTER TABLE "desk_audit" DROP COLUMN "query";--> statement-breakpoint
ALTER TABLE "desk_audit" DROP COLUMN "alert_id";--> statement-breakpoint
ALTER TABLE "desk_audit" DROP COLUMN "user_id";
-- Hand-written note (nothing to re-append): dropping "query", "alert_id" and "user_id" is how the
-- clear text of the rows written before this migration goes; a DROP COLUMN is not an UPDATE, so the
-- append-only trigger does not stop it (docs/decisions/034-desk-audit-fingerprints.md).
