DROP INDEX "outbox_due_idx";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "turn" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_waiting_turn_idx" ON "outbox" USING btree ("user_id","recipient","priority","turn") WHERE "outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("priority","turn","next_attempt_at","id") WHERE "outbox"."status" = 'pending';--> statement-breakpoint
-- Every insert takes its turn here, whichever code queues it (src/server/db/schema.ts, outbox.turn).
CREATE FUNCTION "outbox_take_turn"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id IS NOT NULL AND NEW.status = 'pending' THEN
    SELECT coalesce(max(o.turn) + 1, 0) INTO NEW.turn FROM outbox o
    WHERE o.user_id = NEW.user_id AND o.recipient = NEW.recipient AND o.priority = NEW.priority AND o.status = 'pending';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "outbox_take_turn" BEFORE INSERT ON "outbox" FOR EACH ROW EXECUTE FUNCTION "outbox_take_turn"();
