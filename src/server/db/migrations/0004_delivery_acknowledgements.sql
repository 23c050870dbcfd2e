CREATE TABLE "alert_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"alert_id" uuid,
	"practice_id" uuid,
	"contact_email" text NOT NULL,
	"contact_firstname" text NOT NULL,
	"contact_lastname" text NOT NULL,
	"token_hash" text NOT NULL,
	"outbox_id" bigint,
	"acknowledged_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_deliveries_one_subject" CHECK (num_nonnulls("alert_deliveries"."alert_id", "alert_deliveries"."practice_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "alert_reminders" (
	"alert_id" uuid NOT NULL,
	"round" smallint NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_reminders_alert_id_round_pk" PRIMARY KEY("alert_id","round")
);
--> statement-breakpoint
CREATE TABLE "practice_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"request_key" text NOT NULL,
	"timezone" text NOT NULL,
	"latitude" text DEFAULT '' NOT NULL,
	"longitude" text DEFAULT '' NOT NULL,
	"pressed_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_practice_id_practice_alerts_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practice_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_reminders" ADD CONSTRAINT "alert_reminders_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_alerts" ADD CONSTRAINT "practice_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_token_hash_key" ON "alert_deliveries" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_alert_email_key" ON "alert_deliveries" USING btree ("alert_id","contact_email") WHERE "alert_deliveries"."alert_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_practice_email_key" ON "alert_deliveries" USING btree ("practice_id","contact_email") WHERE "alert_deliveries"."practice_id" is not null;--> statement-breakpoint
CREATE INDEX "practice_alerts_user_started_idx" ON "practice_alerts" USING btree ("user_id","started_at");