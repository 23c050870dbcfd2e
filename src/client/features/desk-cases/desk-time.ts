/** A moment in a given IANA zone (the person's) or the desk's own (undefined), with the zone's name. */
export function deskMoment(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('es', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

export function minutesSince(iso: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
}
