ALTER TABLE "contacts" DROP CONSTRAINT "contacts_language";--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_language" CHECK ("contacts"."language" in ('es', 'en', 'pt', 'ht'));