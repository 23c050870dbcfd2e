// The server stores a birth date as 1990-05-31 (ISO); a Spanish speaker writes 31/05/1990.
// The form converts at its edge, both ways.

const DAY_MONTH_YEAR = /^(\d{1,2})[/.\-\s](\d{1,2})[/.\-\s](\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

function isoIfReal(year: string, month: string, day: string): string | undefined {
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : undefined;
}

/** What the person typed ('31/05/1990', '31-5-1990', or the stored form) as stored; '' stays ''; else undefined. */
export function birthDateToStore(typed: string): string | undefined {
  const text = typed.trim();
  if (text === '') return '';
  const dayFirst = DAY_MONTH_YEAR.exec(text);
  if (dayFirst) return isoIfReal(dayFirst[3]!, dayFirst[2]!, dayFirst[1]!);
  const iso = ISO.exec(text);
  return iso ? isoIfReal(iso[1]!, iso[2]!, iso[3]!) : undefined;
}

/** A stored date as the person reads it: 1990-05-31 -> 31/05/1990 (anything else as it is). */
export function birthDateToShow(stored: string): string {
  const iso = ISO.exec(stored);
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : stored;
}
