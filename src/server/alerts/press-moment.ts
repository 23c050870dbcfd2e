import type { ActiveButtonInput } from '#shared/api/active-button.ts';
import { ALERT_LATE_AFTER_MS } from '#shared/api/active-button.ts';
import type { AlertMoment } from '#server/mail/templates/alert-mails.ts';

/** The phone's clock, unless it is missing or ahead of ours (a wrong clock must not date an alert in the future). */
export function pressedAt(input: Pick<ActiveButtonInput, 'pressed_at'>, now: Date): Date {
  const at = input.pressed_at ? new Date(input.pressed_at) : now;
  return at.getTime() > now.getTime() ? now : at;
}

export function momentOf(at: Date, timezone: string, now: Date): AlertMoment {
  return { at, timezone, receivedAt: now.getTime() - at.getTime() > ALERT_LATE_AFTER_MS ? now : undefined };
}

export const positionOf = (input: { latitude: string; longitude: string }) =>
  input.latitude && input.longitude ? { latitude: input.latitude, longitude: input.longitude } : null;

/** The accuracy in metres that goes with a position, or null: none without a position, or when the phone did not say. */
export const accuracyOf = (input: { latitude: string; longitude: string; accuracy?: number | undefined }) =>
  positionOf(input) && input.accuracy !== undefined ? input.accuracy : null;
