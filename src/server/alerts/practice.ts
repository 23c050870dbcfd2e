import { and, desc, eq, gt } from 'drizzle-orm';
import type { ActiveButtonInput, ActiveButtonReply } from '#shared/api/active-button.ts';
import { PRACTICE_COOLDOWN_MS } from '#shared/api/deliveries.ts';
import { bestEffort } from '#server/db/best-effort.ts';
import { alerts, practiceAlerts } from '#server/db/schema.ts';
import type { LockedUser } from './alert-actions.ts';
import { momentData, personOf } from '#server/message-content/alert-mail-data.ts';
import { recordAlertEvent } from './alert-events.ts';
import { alertPhaseOf, step } from './lifecycle.ts';
import { momentOf, positionOf, pressedAt } from './press-moment.ts';
import { queuePracticeMails, type TrackDeps } from './tracked-mails.ts';

/**
 * '3' on PUT /api/active-button, inside its transaction (the person's row is
 * locked, the Idempotency-Key claimed): a practice alert. Never an alert: no
 * alerts row, alert_status untouched. Nothing during a real alert (the contacts
 * must not read PRUEBA then); after a duress end, answered as ever with nothing
 * sent (lifecycle.ts); and a second practice within PRACTICE_COOLDOWN_MS
 * is the first one again rather than more e-mails. All of it in a savepoint: a
 * practice that fails is answered without one, so it never sits in a phone's
 * queue ahead of a real SOS (the service worker keeps retrying a 5xx).
 */
export async function applyPracticeRequest(
  deps: TrackDeps,
  user: LockedUser,
  input: ActiveButtonInput,
  requestKey: string,
): Promise<ActiveButtonReply> {
  const { tx, userId } = deps;
  const [active] = await tx
    .select({ id: alerts.id, endedByDuressAt: alerts.endedByDuressAt })
    .from(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.status, 'active')));
  const { effects, person } = step(alertPhaseOf(active), 'practice');
  if (person.alertOn) return { alert_status: true, alert_id: active?.id ?? null, practice_id: null };
  const silent = effects.includes('practice-silent');
  const practiceId = await bestEffort(
    tx,
    deps.log,
    'alerta de prueba',
    (savepoint) => startPractice({ ...deps, tx: savepoint }, user, input, requestKey, silent),
    null,
  );
  return { alert_status: false, alert_id: null, practice_id: practiceId };
}

async function startPractice(
  deps: TrackDeps,
  user: LockedUser,
  input: ActiveButtonInput,
  requestKey: string,
  silent: boolean,
): Promise<string> {
  const { tx, userId, now } = deps;
  const [recent] = await tx
    .select({ id: practiceAlerts.id })
    .from(practiceAlerts)
    .where(
      and(
        eq(practiceAlerts.userId, userId),
        gt(practiceAlerts.startedAt, new Date(now.getTime() - PRACTICE_COOLDOWN_MS)),
      ),
    )
    .orderBy(desc(practiceAlerts.startedAt))
    .limit(1);
  if (recent) return recent.id;

  const at = pressedAt(input, now);
  const timezone = input.timezone || 'UTC';
  const [practice] = await tx
    .insert(practiceAlerts)
    .values({
      userId,
      requestKey,
      timezone,
      latitude: input.latitude,
      longitude: input.longitude,
      pressedAt: at,
      startedAt: now,
    })
    .returning({ id: practiceAlerts.id });
  if (!practice) throw new Error('insert returned no practice');
  await recordAlertEvent(tx, {
    userId,
    actor: 'person',
    kind: 'practice',
    at: now,
    detail: { practiceId: practice.id, mailed: !silent },
  });
  const position = positionOf(input);
  const moment = momentOf(at, timezone, now);
  // Silent: the same records for the person's list, shown as sent, and no e-mail.
  await queuePracticeMails(
    deps,
    practice.id,
    (recipient) => ({
      practiceId: practice.id,
      person: personOf(user),
      contactFirstname: recipient.firstname,
      language: recipient.language,
      ...momentData(moment),
      position,
      // As a real alert reads, but a chosen contact's packet is a marked sample: never the person's data.
      detentionSample: recipient.receivesDetentionInfo === true,
    }),
    { withheld: silent },
  );
  return practice.id;
}
