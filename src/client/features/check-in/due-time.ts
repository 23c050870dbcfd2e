// The deadline choices of a check-in and what they mean as an instant. Times
// are read in the phone's own time zone: that is the person's.

export const DUE_CHOICES = [
  { value: '1h', label: '1 hora', hours: 1 },
  { value: '2h', label: '2 horas', hours: 2 },
  { value: '4h', label: '4 horas', hours: 4 },
] as const;

export type DueChoice = (typeof DUE_CHOICES)[number]['value'] | 'time';
export type DueDay = 'today' | 'tomorrow';

/** A deadline from a choice, or null when the time is missing or unreadable ('HH:MM'). */
export function dueAt(choice: DueChoice, now: Date, time = '', day: DueDay = 'today'): Date | null {
  const preset = DUE_CHOICES.find((option) => option.value === choice);
  if (preset) return new Date(now.getTime() + preset.hours * 60 * 60_000);
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  const due = new Date(now.getFullYear(), now.getMonth(), now.getDate() + (day === 'tomorrow' ? 1 : 0), hours, minutes);
  return due;
}

/** '1 h 05 min', '12 min', 'menos de 1 min': what is left until the deadline. */
export function timeLeftText(dueMs: number, nowMs: number): string {
  const minutes = Math.floor((dueMs - nowMs) / 60_000);
  if (minutes < 1) return 'menos de 1 min';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? `${hours} h ${String(rest).padStart(2, '0')} min` : `${rest} min`;
}

/** '10:00' or 'mañana a las 10:00' in the phone's time zone. */
export function dueText(due: Date, now: Date): string {
  const clock = due.toLocaleTimeString('es', { hour: '2-digit', minute: '2-digit' });
  const sameDay = due.toDateString() === now.toDateString();
  if (sameDay) return `hoy a las ${clock}`;
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  if (due.toDateString() === tomorrow.toDateString()) return `mañana a las ${clock}`;
  return `${due.toLocaleDateString('es', { day: 'numeric', month: 'long' })} a las ${clock}`;
}
