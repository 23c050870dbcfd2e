import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { firmConsentSchema, type FirmConsentInput } from '#shared/api/firm-consent.ts';
import { apiMessages } from '#shared/messages.ts';
import { requireBearer } from '#server/auth/bearer.ts';
import { alerts, deskCases, users } from '#server/db/schema.ts';
import type { Queryable } from '#server/db/client.ts';
import { recordAlertEvent } from '#server/alerts/alert-events.ts';
import { onTheDeskList } from '#server/desk/desk-visibility.ts';
import type { AppDeps } from '#server/deps.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { fail, ok } from '#server/http/replies.ts';
import { validateJson } from '#server/http/validate.ts';
import { seizedPhoneGuard } from '#server/pins/seized-phone-guard.ts';
import { toProfile } from './profile-reply.ts';

type Changes = PgUpdateSetSource<typeof users>;

/** Whether the request takes anything from the firm: consent off, or the detention information off. */
const reduces = ({ share, detention_info }: FirmConsentInput) => !share || detention_info === false;

/** The first moment is kept when turned on again: the desk's view of the person does not restart. */
const since = (column: typeof users.firmConsentAt, now: Date) => sql`coalesce(${column}, ${now})`;

/** What a real request changes. */
function realChanges({ share, detention_info }: FirmConsentInput, now: Date): Changes {
  if (!share)
    return {
      firmConsentAt: null,
      firmConsentShownOffAt: null,
      firmDetentionInfoAt: null,
      firmDetentionShownOffAt: null,
    };
  const changes: Changes = { firmConsentAt: since(users.firmConsentAt, now), firmConsentShownOffAt: null };
  if (detention_info === true)
    Object.assign(changes, {
      firmDetentionInfoAt: since(users.firmDetentionInfoAt, now),
      firmDetentionShownOffAt: null,
    });
  if (detention_info === false) Object.assign(changes, { firmDetentionInfoAt: null, firmDetentionShownOffAt: null });
  return changes;
}

/** Under the duress PIN: what the person is shown off; the firm keeps everything. */
function shownChanges({ share, detention_info }: FirmConsentInput, now: Date): Changes {
  if (!share) return { firmConsentShownOffAt: now, firmDetentionShownOffAt: now };
  return detention_info === false ? { firmDetentionShownOffAt: now } : {};
}

/**
 * 'Compartir mis alertas con {FIRM_NAME}' and whether the firm gets the 'Si me detienen'
 * information (src/server/desk/consent.ts). Taking either away while the contacts are being told
 * would take the firm off the case: it asks for the PIN, and under the duress PIN the person is
 * shown it off while the desk keeps seeing the alert.
 */
export function firmConsentRoutes(deps: AppDeps) {
  const { db, clock } = deps;
  const bearer = requireBearer(deps);
  const guarded = seizedPhoneGuard(deps);

  const save = async (tx: Queryable, c: Context<AppEnv>, changes: Changes) => {
    const now = clock.now();
    const [before] = await tx
      .select({ consent: users.firmConsentAt })
      .from(users)
      .where(eq(users.id, c.var.auth.userId))
      .for('no key update');
    const [after] = await tx
      .update(users)
      .set({ ...changes, firmConsentAskedAt: now })
      .where(eq(users.id, c.var.auth.userId))
      .returning();
    if (before && after && (before.consent === null) !== (after.firmConsentAt === null))
      await tellTheDesk(tx, after.id, after.firmConsentAt === null ? 'firm-consent-off' : 'firm-consent-on', now);
    return after ? ok(c, toProfile(after)) : fail(c, 401, apiMessages.unauthorized);
  };

  return new Hono<AppEnv>().put('/profile/firm-consent', bearer, validateJson(firmConsentSchema), (c) => {
    const input = c.req.valid('json');
    const real = (tx: Queryable) => save(tx, c, realChanges(input, clock.now()));
    // Giving (more) tells the desk more: never asked.
    if (!reduces(input)) return db.transaction(real);
    return guarded(c, 'firm-consent-off', {
      carryOut: real,
      pretend: (tx) => save(tx, c, shownChanges(input, clock.now())),
    });
  });
}

/**
 * Consent given or really taken back while an alert is on the desk (on, or attended and not
 * closed): one event of the log concerning those alerts, whose NOTIFY (migration desk_consent_events) makes every
 * desk show the alert, or drop it, at once instead of at its next event.
 */
async function tellTheDesk(
  tx: Queryable,
  userId: string,
  kind: 'firm-consent-on' | 'firm-consent-off',
  now: Date,
): Promise<void> {
  const onTheDesk = await tx
    .select({ id: alerts.id })
    .from(alerts)
    .leftJoin(deskCases, eq(deskCases.alertId, alerts.id))
    .where(and(eq(alerts.userId, userId), onTheDeskList));
  // One event, whatever number of alerts it concerns (docs/decisions/040).
  if (onTheDesk.length > 0)
    await recordAlertEvent(tx, {
      userId,
      alertIds: onTheDesk.map((alert) => alert.id),
      actor: 'person',
      kind,
      at: now,
    });
}
