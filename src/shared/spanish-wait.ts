const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** '1 minuto', '3 horas', '23 días': rounded up, so the person never comes back too early. */
export function spanishWait(ms: number): string {
  const [n, one, many] =
    ms <= HOUR
      ? [Math.ceil(ms / MINUTE), 'minuto', 'minutos']
      : ms <= 48 * HOUR
        ? [Math.ceil(ms / HOUR), 'hora', 'horas']
        : [Math.ceil(ms / (24 * HOUR)), 'día', 'días'];
  return `${n} ${n === 1 ? one : many}`;
}
