CREATE TABLE "alert_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"alert_id" uuid,
	"check_in_id" uuid,
	"actor" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"detail" jsonb
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "shown_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "shown_without_detention_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sessions_shown_closed_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sessions_shown_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "detention_shown_sealed" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "detention_shown_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_check_in_id_check_ins_id_fk" FOREIGN KEY ("check_in_id") REFERENCES "public"."check_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_events_alert_at_idx" ON "alert_events" USING btree ("alert_id","at","id");--> statement-breakpoint
CREATE INDEX "alert_events_user_idx" ON "alert_events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "alert_events_check_in_idx" ON "alert_events" USING btree ("check_in_id");--> statement-breakpoint
CREATE INDEX "alert_events_at_idx" ON "alert_events" USING btree ("at");