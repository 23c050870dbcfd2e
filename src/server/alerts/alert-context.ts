import { languageOr } from '#shared/language.ts';
import type { RunStatement } from '#server/db/statements.ts';
import type { Recipient } from './recipients.ts';

/** What starting an alert needs to know first, read in one round trip and without locks. */
export type AlertContext = {
  person: { firstname: string; lastname: string; phone: string };
  hasActiveAlert: boolean;
  /** The request already stored under this Idempotency-Key, if any (committed, so final). */
  earlier: { bodyHash: string; reply: unknown } | undefined;
  /**
   * As alertRecipients (recipients.ts) selects them: confirmed, not opted out,
   * oldest first; with the hash of the unsubscribe token recorded for the address, if any.
   */
  recipients: (Recipient & { unsubscribeHash: string | null; receivesDetentionInfo: boolean })[];
  /** The person's 'Si me detienen' packet as stored (sealed), for the contacts they chose; null when none. */
  detention: string | null;
};

// Plain SQL with a name: PostgreSQL plans it once per connection, and no query
// builder runs on each press (Drizzle's builder was a large share of a press's CPU profile).
// For several presses at once: the n-th (user, key) pair comes back as row n, or not at all.
const ALERT_CONTEXTS = {
  name: 'alert_contexts',
  text: `
    select p.n, u.firstname, u.lastname, u.phone,
      -- A scalar subquery, probed per person: as EXISTS, PostgreSQL may hash every active alert first.
      coalesce((select true from alerts a where a.user_id = u.id and a.status = 'active'), false) as active,
      r.body_hash, r.reply,
      coalesce((
        select json_agg(json_build_array(c.email, c.firstname, c.lastname, o.token_hash, c.language, c.receives_detention_info) order by c.created_at)
        from contacts c
        left join opt_outs o on o.user_id = c.user_id and o.email = c.email
        where c.user_id = u.id and c.email_verified_at is not null and o.unsubscribed_at is null
      ), '[]') as recipients,
      (select d.sealed from detention_infos d where d.user_id = u.id) as detention
    from unnest($1::uuid[], $2::text[]) with ordinality as p(user_id, key, n)
    join users u on u.id = p.user_id
    left join idempotency_keys r on r.user_id = u.id and r.kind = 'alert' and r.idempotency_key = p.key`,
};

type Row = {
  n: string;
  firstname: string;
  lastname: string;
  phone: string;
  active: boolean;
  body_hash: string | null;
  reply: unknown;
  recipients: [string, string, string, string | null, string, boolean][];
  detention: string | null;
};

/** The context of each (user, key), in order; undefined for a person who no longer exists. */
export async function readAlertContexts(
  run: RunStatement,
  presses: { userId: string; key: string }[],
): Promise<(AlertContext | undefined)[]> {
  const rows = await run<Row>(ALERT_CONTEXTS, [
    presses.map((press) => press.userId),
    presses.map((press) => press.key),
  ]);
  const contexts: (AlertContext | undefined)[] = presses.map(() => undefined);
  for (const row of rows) {
    contexts[Number(row.n) - 1] = {
      person: { firstname: row.firstname, lastname: row.lastname, phone: row.phone },
      hasActiveAlert: row.active,
      earlier: row.body_hash === null ? undefined : { bodyHash: row.body_hash, reply: row.reply },
      recipients: row.recipients.map(
        ([email, firstname, lastname, unsubscribeHash, language, receivesDetentionInfo]) => ({
          email,
          firstname,
          lastname,
          unsubscribeHash,
          language: languageOr(language),
          receivesDetentionInfo: receivesDetentionInfo === true,
        }),
      ),
      detention: row.detention,
    };
  }
  return contexts;
}
