CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"body_hash" text NOT NULL,
	"reply" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_kind_idempotency_key_pk" PRIMARY KEY("user_id","kind","idempotency_key"),
	CONSTRAINT "idempotency_keys_kind" CHECK ("idempotency_keys"."kind" in ('alert', 'check-in'))
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
INSERT INTO "idempotency_keys" ("user_id", "kind", "idempotency_key", "body_hash", "reply", "created_at")
SELECT "user_id", 'alert', "idempotency_key", "body_hash", "reply", "created_at" FROM "alert_requests";--> statement-breakpoint
INSERT INTO "idempotency_keys" ("user_id", "kind", "idempotency_key", "body_hash", "reply", "created_at")
SELECT "user_id", 'check-in', "idempotency_key", "body_hash", "reply", "created_at" FROM "check_in_requests";--> statement-breakpoint
DROP TABLE "alert_requests" CASCADE;--> statement-breakpoint
DROP TABLE "check_in_requests" CASCADE;
