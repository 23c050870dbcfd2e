ALTER TABLE "users" ADD COLUMN "pin_hash_a" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_hash_b" text;--> statement-breakpoint
-- Pairs set before keep the real hash first: they are unkeyed, and pin-slots.ts reads them in that order.
UPDATE "users" SET "pin_hash_a" = "pin_hash", "pin_hash_b" = "duress_pin_hash";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "pin_hash";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "duress_pin_hash";
