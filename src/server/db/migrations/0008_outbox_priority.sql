DROP INDEX "outbox_due_idx";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Rows already queued take the priority of their kind (src/server/mail/mail-priority.ts): alerts first, sign-in codes next, the rest last.
UPDATE "outbox" SET "priority" = CASE
  WHEN "kind" IN ('alert-started', 'alert-position', 'alert-ended', 'alert-reminder') THEN 0
  WHEN "kind" = 'signin-code' THEN 1
  ELSE 2
END WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("priority","next_attempt_at","id") WHERE "outbox"."status" = 'pending';
