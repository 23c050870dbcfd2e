import type { QueryClient } from '@tanstack/react-query';
import type { CheckIn, CheckInPurpose } from '#shared/api/check-ins.ts';
import { DEFAULT_CHECK_IN_REMINDER_MINUTES } from '#shared/api/check-ins.ts';
import { newIdempotencyKey } from '#client/lib/idempotency-key.ts';
import { expireSession } from '#client/lib/session/session-expiry.ts';
import { showToast } from '#client/ui/toast-store.ts';
import type { Fix } from '#client/lib/location/location-store.ts';
import { sendCheckInCall, type CheckInReply } from '#client/api/check-in-calls.ts';
import { currentCheckInQueryOptions } from '#client/api/check-ins.ts';
import { saveQueryCacheNow } from '#client/lib/query-client.ts';
import { setWaitingCall } from './check-in-waiting.ts';
import { EXTEND_WAITS_FOR_SIGN_IN, OK_WAITS_FOR_SIGN_IN, SET_WAITS_FOR_SIGN_IN } from './check-in-texts.ts';

function timeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

/**
 * The session is over when a 401 outlived its refresh: the call was kept by the worker until the
 * person signs in again, or nobody could keep it (src/shared/browser/queued-commands.ts). After
 * the cache is written, so the session's end clears it with the rest. A kept call the person made
 * is said on the signin screen the session's end leads to, as a kept SOS is (press-sos.ts).
 */
function endSessionIfSignedOut(reply: CheckInReply, keptNotice?: string): CheckInReply {
  const kept = reply.kind === 'queued' && reply.signedOut;
  if (kept && keptNotice) showToast({ message: keptNotice, variant: 'warning', screen: '/web/auth/signin' });
  if (kept || (reply.kind === 'refused' && reply.status === 401)) expireSession();
  return reply;
}

/**
 * The check-in as home will show it, stored before the caller says it is set: the cache's own saves
 * come up to a second after a change, and a phone that dies in that second would reopen with no
 * check-in shown while the worker still holds the call (or the server already runs it).
 */
async function cache(
  queryClient: QueryClient,
  update: (current: CheckIn | null | undefined) => CheckIn | null,
): Promise<void> {
  queryClient.setQueryData(currentCheckInQueryOptions().queryKey, update);
  await saveQueryCacheNow(queryClient);
}

/** What home shows of a check-in set without signal, until the server's own answer replaces it. */
function localCheckIn(purpose: CheckInPurpose, place: string, due: Date, now: Date): CheckIn {
  return {
    id: '',
    purpose,
    place,
    due_at: due.toISOString(),
    status: 'running',
    fired_alert_id: null,
    created_at: now.toISOString(),
    remind_at: new Date(due.getTime() - DEFAULT_CHECK_IN_REMINDER_MINUTES * 60_000).toISOString(),
  };
}

export interface StartInput {
  purpose: CheckInPurpose;
  place: string;
  due: Date;
  fix: Fix | null;
}

export async function startCheckIn(
  queryClient: QueryClient,
  { purpose, place, due, fix }: StartInput,
): Promise<CheckInReply> {
  const key = newIdempotencyKey();
  const body = { purpose, place, due_at: due.toISOString(), timezone: timeZone(), ...(fix ?? {}) };
  const reply = await sendCheckInCall('check-in-set', key, body);
  if (reply.kind === 'done') await cache(queryClient, () => reply.checkIn);
  if (reply.kind === 'queued') {
    await cache(queryClient, () => localCheckIn(purpose, place.trim(), due, new Date()));
    setWaitingCall({ kind: 'set', key });
  }
  return endSessionIfSignedOut(reply, SET_WAITS_FOR_SIGN_IN);
}

/** 'Estoy bien'. */
export async function closeCheckIn(
  queryClient: QueryClient,
  pin: string | undefined,
  fix: Fix | null,
): Promise<CheckInReply> {
  const key = newIdempotencyKey();
  const reply = await sendCheckInCall('check-in-update', key, {
    action: 'ok',
    ...(pin ? { pin } : {}),
    ...(fix ?? {}),
  });
  if (reply.kind === 'done') await cache(queryClient, () => null);
  if (reply.kind === 'queued') setWaitingCall({ kind: 'ok', key });
  return endSessionIfSignedOut(reply, OK_WAITS_FOR_SIGN_IN);
}

/** 'Necesito más tiempo'. */
export async function extendCheckIn(
  queryClient: QueryClient,
  due: Date,
  pin: string | undefined,
  fix: Fix | null,
): Promise<CheckInReply> {
  const key = newIdempotencyKey();
  const body = { action: 'extend', due_at: due.toISOString(), ...(pin ? { pin } : {}), ...(fix ?? {}) };
  const reply = await sendCheckInCall('check-in-update', key, body);
  if (reply.kind === 'done') await cache(queryClient, () => reply.checkIn);
  if (reply.kind === 'queued') {
    await cache(queryClient, (current) =>
      current
        ? {
            ...current,
            due_at: due.toISOString(),
            remind_at: new Date(due.getTime() - DEFAULT_CHECK_IN_REMINDER_MINUTES * 60_000).toISOString(),
          }
        : null,
    );
    setWaitingCall({ kind: 'extend', key });
  }
  return endSessionIfSignedOut(reply, EXTEND_WAITS_FOR_SIGN_IN);
}

/** The last known position while a check-in runs: only with signal (a queue of old positions helps nobody). */
export async function sendCheckInPosition(fix: Fix): Promise<void> {
  endSessionIfSignedOut(await sendCheckInCall('check-in-update', newIdempotencyKey(), { action: 'position', ...fix }));
}
