/**
 * A moment as the desk's audit CSV writes it in `timeZone`: 'YYYY-MM-DD HH:MM:SS', which sorts as
 * time does. Built from the parts of the date rather than from a locale's whole format (the server
 * leans on Swedish writing dates that way), so the tests check the file against a second way of
 * reading the clock, not against a copy of the first.
 */
export function csvMoment(at: number | Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}
