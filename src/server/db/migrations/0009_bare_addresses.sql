CREATE TABLE "address_review" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"table_name" text NOT NULL,
	"row_key" text NOT NULL,
	"action" text NOT NULL,
	"old_email" text NOT NULL,
	"new_email" text,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Rows written before the API accepted only bare addresses (docs/operations.md,
-- "Bare e-mail addresses"). Every row this changes, or cannot fix, gets a line
-- in address_review; nothing is deleted without its state going somewhere.
-- The shape is the one of isBareAddress in src/shared/api/fields.ts, with
-- non-ASCII letters approximated by the Latin, Greek, Cyrillic, Hebrew, Arabic,
-- Indic and CJK blocks (PostgreSQL's classes depend on the locale).
CREATE FUNCTION pg_temp.bare_address(e text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT e ~ '^[-A-Za-z0-9!#$%&''*+/=?^_`{|}~\u00c0-\u1fff\u3040-\ud7ff\uf900-\ufdff\ufe70-\ufefe]+(\.[-A-Za-z0-9!#$%&''*+/=?^_`{|}~\u00c0-\u1fff\u3040-\ud7ff\uf900-\ufdff\ufe70-\ufefe]+)*@[A-Za-z0-9\u00c0-\u1fff\u3040-\ud7ff\uf900-\ufdff\ufe70-\ufefe]([-A-Za-z0-9\u00c0-\u1fff\u3040-\ud7ff\uf900-\ufdff\ufe70-\ufefe]*[A-Za-z0-9\u00c0-\u1fff\u3040-\ud7ff\uf900-\ufdff\ufe70-\ufefe])?(\.[A-Za-z0-9\u00c0-\u1fff\u3040-\ud7ff\uf900-\ufdff\ufe70-\ufefe]([-A-Za-z0-9\u00c0-\u1fff\u3040-\ud7ff\uf900-\ufdff\ufe70-\ufefe]*[A-Za-z0-9\u00c0-\u1fff\u3040-\ud7ff\uf900-\ufdff\ufe70-\ufefe])?)+$'
$$;
--> statement-breakpoint
CREATE FUNCTION pg_temp.normal_address(e text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT lower(btrim(e, E' \t\r\n'))
$$;
--> statement-breakpoint
-- Users: the sign-in address. Normalised when the result is bare and still
-- unique; otherwise kept as it is and reported: the account keeps its sessions
-- (and its SOS), but that address can neither sign in nor receive e-mail.
CREATE TEMP TABLE review_users AS
  SELECT id, email, pg_temp.normal_address(email) AS normal FROM users
  WHERE email <> pg_temp.normal_address(email) OR NOT pg_temp.bare_address(email);
--> statement-breakpoint
ALTER TABLE review_users ADD COLUMN fixable boolean;
--> statement-breakpoint
UPDATE review_users r SET fixable = pg_temp.bare_address(r.normal)
  AND NOT EXISTS (SELECT 1 FROM users u WHERE u.email = r.normal AND u.id <> r.id)
  AND (SELECT count(*) FROM review_users d WHERE d.normal = r.normal) = 1;
--> statement-breakpoint
UPDATE users u SET email = r.normal FROM review_users r WHERE u.id = r.id AND r.fixable;
--> statement-breakpoint
INSERT INTO address_review (table_name, row_key, action, old_email, new_email)
  SELECT 'users', id::text, CASE WHEN fixable THEN 'normalised' ELSE 'kept' END, email, CASE WHEN fixable THEN normal END
  FROM review_users;
--> statement-breakpoint
-- Contacts: normalised when the result is bare and not already another contact
-- of the same person; otherwise disabled: back to unconfirmed (so no alert goes
-- to it) and its pending confirmation link dropped. The person still sees it
-- in the list and can add the right address.
CREATE TEMP TABLE review_contacts AS
  SELECT id, user_id, email, pg_temp.normal_address(email) AS normal FROM contacts
  WHERE email <> pg_temp.normal_address(email) OR NOT pg_temp.bare_address(email);
--> statement-breakpoint
ALTER TABLE review_contacts ADD COLUMN fixable boolean;
--> statement-breakpoint
UPDATE review_contacts r SET fixable = pg_temp.bare_address(r.normal)
  AND NOT EXISTS (SELECT 1 FROM contacts c WHERE c.user_id = r.user_id AND c.email = r.normal AND c.id <> r.id)
  AND (SELECT count(*) FROM review_contacts d WHERE d.user_id = r.user_id AND d.normal = r.normal) = 1;
--> statement-breakpoint
UPDATE contacts c SET email = r.normal FROM review_contacts r WHERE c.id = r.id AND r.fixable;
--> statement-breakpoint
UPDATE contacts c SET email_verified_at = NULL FROM review_contacts r WHERE c.id = r.id AND NOT r.fixable;
--> statement-breakpoint
DELETE FROM verifications v USING review_contacts r WHERE v.type = 'contact-invite' AND v.target = r.id::text AND NOT r.fixable;
--> statement-breakpoint
INSERT INTO address_review (table_name, row_key, action, old_email, new_email)
  SELECT 'contacts', id::text, CASE WHEN fixable THEN 'normalised' ELSE 'disabled' END, email, CASE WHEN fixable THEN normal END
  FROM review_contacts;
--> statement-breakpoint
-- Opt-outs, keyed by (person, address): an opt-out is never lost. A variant
-- whose normal form is bare is merged into that address's row (the earliest
-- opt-out wins). One that is not bare stays as it is; if it opted out and ends
-- in '<address>', the mail it got went to that address, so that address is
-- opted out too.
CREATE TEMP TABLE review_opt_outs AS
  SELECT user_id, email, token_hash, created_at, unsubscribed_at, pg_temp.normal_address(email) AS normal,
    pg_temp.bare_address(pg_temp.normal_address(email)) AS fixable,
    pg_temp.normal_address(substring(email from '<([^<>]*)>[[:space:]]*$')) AS bracketed
  FROM opt_outs
  WHERE email <> pg_temp.normal_address(email) OR NOT pg_temp.bare_address(email);
--> statement-breakpoint
DELETE FROM opt_outs o USING review_opt_outs r WHERE o.user_id = r.user_id AND o.email = r.email AND r.fixable;
--> statement-breakpoint
INSERT INTO opt_outs (user_id, email, token_hash, created_at, unsubscribed_at)
  SELECT DISTINCT ON (user_id, normal) user_id, normal, token_hash,
    min(created_at) OVER (PARTITION BY user_id, normal), min(unsubscribed_at) OVER (PARTITION BY user_id, normal)
  FROM review_opt_outs WHERE fixable
  ORDER BY user_id, normal, unsubscribed_at NULLS LAST
  ON CONFLICT (user_id, email) DO UPDATE SET
    created_at = LEAST(opt_outs.created_at, excluded.created_at),
    unsubscribed_at = LEAST(opt_outs.unsubscribed_at, excluded.unsubscribed_at);
--> statement-breakpoint
INSERT INTO opt_outs (user_id, email, token_hash, created_at, unsubscribed_at)
  SELECT DISTINCT ON (user_id, bracketed) user_id, bracketed, 'migrated:' || token_hash, created_at, unsubscribed_at
  FROM review_opt_outs
  WHERE NOT fixable AND unsubscribed_at IS NOT NULL AND pg_temp.bare_address(bracketed)
  ORDER BY user_id, bracketed, unsubscribed_at
  ON CONFLICT (user_id, email) DO UPDATE SET unsubscribed_at = LEAST(opt_outs.unsubscribed_at, excluded.unsubscribed_at);
--> statement-breakpoint
INSERT INTO address_review (table_name, row_key, action, old_email, new_email)
  SELECT 'opt_outs', user_id::text, CASE WHEN fixable THEN 'merged'
      WHEN unsubscribed_at IS NOT NULL AND pg_temp.bare_address(bracketed) THEN 'extracted' ELSE 'kept' END,
    email, CASE WHEN fixable THEN normal WHEN unsubscribed_at IS NOT NULL AND pg_temp.bare_address(bracketed) THEN bracketed END
  FROM review_opt_outs;
--> statement-breakpoint
DROP TABLE review_users, review_contacts, review_opt_outs;
--> statement-breakpoint
DROP FUNCTION pg_temp.bare_address(text), pg_temp.normal_address(text);
--> statement-breakpoint
-- Idempotency keys of SOS requests kept an unkeyed SHA-256 of their body, from
-- which a position could be searched for. Hashes are keyed with SECRET from now
-- on; the old ones are erased (the keys still answer their first reply).
UPDATE alert_requests SET body_hash = '' WHERE body_hash <> '';
