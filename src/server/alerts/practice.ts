import { and, desc, eq, gt } from 'drizzle-orm';
import type { ActiveButtonInput, ActiveButtonReply } from '#shared/api/active-button.ts';
import { PRACTICE_COOLDOWN_MS } from '#shared/api/deliveries.ts';
import { bestEffort } from '#server/db/best-effort.ts';
import { practiceAlerts } from '#server/db/schema.ts';
import type { LockedUser } from './alert-actions.ts';
import { momentData, personOf } from '#server/message-content/alert-mail-data.ts';
import { recordAlertEvent } from './alert-events.ts';
import { momentOf, positionOf, pressedAt } from './press-moment.ts';
import { queuePracticeMails, type TrackDeps } from './tracked-mails.ts';

/**
 * The lifecycle's 'practice-mails' and 'practice-silent' effects: '3' on PUT
 * /api/active-button with no alert shown, inside its transaction (the person's
 * row is locked, the Idempotency-Key claimed). Never an alert: no alerts row,
 * alert_status untouched. `silent` (after a duress end): answered as ever with
 * nothing sent. A second practice within PRACTICE_COOLDOWN_MS is the first one
 * again rather than more e-mails. All of it in a savepoint: a practice that
 * fails is answered without one, so it never sits in a phone's queue ahead of a
 * real SOS (the service worker keeps retrying a 5xx).
 */
export async function runPractice(
  deps: TrackDeps,
  user: LockedUser,
  input: ActiveButtonInput,
  requestKey: string,
  silent: boolean,
): Promise<ActiveButtonReply> {
  const practiceId = await bestEffort(
    deps.tx,
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
