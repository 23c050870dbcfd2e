CREATE TABLE "check_in_requests" (
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"body_hash" text NOT NULL,
	"reply" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "check_in_requests_user_id_idempotency_key_pk" PRIMARY KEY("user_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "check_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"timezone" text NOT NULL,
	"latitude" text DEFAULT '' NOT NULL,
	"longitude" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"reminded_at" timestamp with time zone,
	"fired_at" timestamp with time zone,
	"fired_alert_id" uuid,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "detention_infos" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "trigger" text DEFAULT 'press' NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "check_in_id" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "receives_detention_info" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "check_in_requests" ADD CONSTRAINT "check_in_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detention_infos" ADD CONSTRAINT "detention_infos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_in_requests_created_idx" ON "check_in_requests" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_one_running_per_user" ON "check_ins" USING btree ("user_id") WHERE "check_ins"."status" = 'running';--> statement-breakpoint
CREATE INDEX "check_ins_due_idx" ON "check_ins" USING btree ("due_at") WHERE "check_ins"."status" = 'running';--> statement-breakpoint
CREATE INDEX "check_ins_user_idx" ON "check_ins" USING btree ("user_id");