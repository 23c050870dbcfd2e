import type { ALERT_END, ALERT_PRACTICE, ALERT_START } from '#shared/alert-status.ts';
import { getSessionState } from '#client/lib/session/session-store.ts';
import type { Fix } from '#client/lib/location/location-store.ts';
import type { SosRequest } from './page-queue.ts';

/** The phone's IANA time zone; contacts read the alert's time in it. */
function timeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

/**
 * One request of the SOS path with the Idempotency-Key made for it: '1' with a
 * position or empty strings (a press, or a position update), '2' to end, '3' a practice.
 */
export function sosRequest(
  key: string,
  kind: typeof ALERT_START | typeof ALERT_END | typeof ALERT_PRACTICE,
  at: Date,
  fix: Fix | null,
): SosRequest {
  return {
    key,
    body: {
      alert_status: kind,
      latitude: fix?.latitude ?? '',
      longitude: fix?.longitude ?? '',
      ...(fix?.accuracy !== undefined ? { accuracy: fix.accuracy } : {}),
      timezone: timeZone(),
      pressed_at: at.toISOString(),
    },
    userId: getSessionState().auth.id,
    queuedAt: Date.now(),
  };
}
