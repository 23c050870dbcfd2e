CREATE TABLE "alert_requests" (
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"body_hash" text NOT NULL,
	"reply" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_requests_user_id_idempotency_key_pk" PRIMARY KEY("user_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"timezone" text NOT NULL,
	"latitude" text DEFAULT '' NOT NULL,
	"longitude" text DEFAULT '' NOT NULL,
	"pressed_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"position_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_pressed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "alert_requests" ADD CONSTRAINT "alert_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_requests_created_idx" ON "alert_requests" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_one_active_per_user" ON "alerts" USING btree ("user_id") WHERE "alerts"."status" = 'active';--> statement-breakpoint
CREATE INDEX "alerts_user_idx" ON "alerts" USING btree ("user_id");