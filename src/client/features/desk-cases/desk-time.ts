import { es } from '#shared/contact-texts/es.ts';
import { isUniversalZone } from '#shared/zone-place.ts';

const DAY_AND_TIME: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/**
 * A moment on the desk's own clock, with its zone's short name ('GMT-5'), or, given the person's
 * IANA zone, on the person's clock named as their app and their contacts' e-mails name it
 * ('(hora de Ciudad de México)'): the time staff repeat to the person's family on the phone.
 */
export function deskMoment(iso: string, timeZone?: string): string {
  const at = new Date(iso);
  if (timeZone === undefined) {
    return new Intl.DateTimeFormat('es', { ...DAY_AND_TIME, timeZoneName: 'short' }).format(at);
  }
  const moment = new Intl.DateTimeFormat('es', { ...DAY_AND_TIME, timeZone }).format(at);
  return `${moment} ${isUniversalZone(timeZone) ? es.universalTime : es.zoneSuffix(timeZone)}`;
}

export function minutesSince(iso: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
}
