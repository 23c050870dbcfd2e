CREATE TABLE "opt_outs" (
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "opt_outs_user_id_email_pk" PRIMARY KEY("user_id","email")
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "opt_outs" ADD CONSTRAINT "opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "opt_outs_token_hash_key" ON "opt_outs" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_user_idx" ON "outbox" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verifications_code_hash_idx" ON "verifications" USING btree ("code_hash");