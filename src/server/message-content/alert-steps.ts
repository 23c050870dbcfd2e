import { canonicalANumber, type DetentionField, type DetentionInfo } from '#shared/api/detention-info.ts';
import { contactTexts, type ContactTexts } from '#shared/contact-texts/index.ts';
import { countryCodeOf, countryName, locatorCountryName } from '#shared/countries.ts';
import type { Language } from '#shared/language.ts';
import { escapeHtml, linkedHtml } from '#server/mail/templates/escape-html.ts';

// What every alert e-mail tells a contact to do if the person may have been
// detained (ICE's locator, the consulate, the lawyer), and for the contacts the
// person chose, the 'Si me detienen' packet: first exactly what ICE's Online
// Detainee Locator asks for (the A-number with the country of birth, or the
// exact name with it), then the steps, then the rest. Plain text, no remote images.

/** The packet a practice shows: clearly not anyone's real data, in the reader's own words. */
export function sampleDetentionInfo(language: Language): DetentionInfo {
  return {
    ...contactTexts(language).samplePacket,
    birth_date: '1990-01-31',
    a_number: '000000000',
    consulate_phone: '+10000000000',
    lawyer_phone: '+10000000000',
    g28_signed: 'si',
    children_contact: '+10000000000',
  };
}

/** What the packet adds after the locator's fields and the steps, which already carry the rest. */
const OTHER_FIELDS: readonly DetentionField[] = [
  'birth_date',
  'children_pickup',
  'children_contact',
  'documents_location',
  'medicines',
];

export type Packet = { info: DetentionInfo; sample: boolean };

export type MailPart = { text: string[]; html: string };

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();
const list = (tag: 'ol' | 'ul', lines: string[]) =>
  `<${tag} style="margin:0 0 12px;padding-left:20px">${lines.map((line) => `<li style="margin:0 0 6px">${linkedHtml(line)}</li>`).join('')}</${tag}>`;
const strong = (line: string) => `<p style="margin:12px 0 8px"><strong>${escapeHtml(line)}</strong></p>`;

/** The locator's fields, the steps with this contact's numbers when they may see them, the G-28, then the rest of the packet. */
export function detentionSteps(language: Language, who: string, packet: Packet | undefined): MailPart {
  const t = contactTexts(language);
  const info = packet?.info;
  // An A-number stored before it was kept in the locator's form reads in that form too.
  const aNumber = info?.a_number ? (canonicalANumber(info.a_number) ?? oneLine(info.a_number)) : '';
  const text: string[] = ['', t.stepsHeading];
  let html = strong(t.stepsHeading);

  if (info) {
    const unknown = t.unknownValue;
    const country = countryFor(info.birth_country, t, language) || unknown;
    const asks = [
      t.locatorByNumber(aNumber || unknown, country),
      t.locatorByName(oneLine(info.legal_name) || unknown, country),
    ];
    const notes = packet.sample ? [t.packetSample(who)] : [];
    text.push(...notes, t.locatorAsks(who), ...asks.map((line) => `- ${line}`), '');
    html += `
${notes.map((note) => `<p style="margin:0 0 8px"><em>${escapeHtml(note)}</em></p>`).join('')}
<p style="margin:0 0 8px">${escapeHtml(t.locatorAsks(who))}</p>
${list('ul', asks)}`;
  }

  const steps = [
    t.stepOpenLocator,
    t.stepSearchNumber(aNumber),
    t.stepSearchName,
    t.stepConsulate(info?.consulate_phone ?? ''),
    t.stepLawyer(oneLine(info?.lawyer_name ?? ''), info?.lawyer_phone ?? ''),
  ];
  const g28 = info?.g28_signed === 'si' ? [t.g28Filed(who)] : info?.g28_signed === 'no' ? [t.g28NotFiled(who)] : [];
  text.push(...steps.map((line, index) => `${index + 1}. ${line}`), ...g28);
  html += `
${list('ol', steps)}
${g28.map((line) => `<p style="margin:0 0 12px">${linkedHtml(line)}</p>`).join('')}`;

  if (info) {
    const lines = OTHER_FIELDS.filter((field) => info[field] !== '').map(
      (field) =>
        `${t.packetLabel(field)}: ${field === 'birth_date' ? dayIn(info.birth_date, t) : oneLine(info[field])}`,
    );
    if (lines.length > 0) {
      text.push('', t.packetHeading(who), ...lines.map((line) => `- ${line}`));
      html += `
${strong(t.packetHeading(who))}
${list('ul', lines)}`;
    }
  }
  return { text, html };
}

/**
 * The country of birth in the reader's language with the name to pick in the locator's English
 * list; a country typed before the list that matches no known spelling, as it was typed.
 */
function countryFor(stored: string, t: ContactTexts, language: Language): string {
  const code = countryCodeOf(stored);
  return code ? t.locatorCountry(countryName(code, language), locatorCountryName(code)) : oneLine(stored);
}

/** A stored day ('1990-01-31') as its reader writes one: '31 de enero de 1990', 'January 31, 1990', '31 janvye 1990'. */
function dayIn(value: string, t: ContactTexts): string {
  const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
  if (!year || !month || !day) return oneLine(value);
  if (t.calendar) return `${day} ${t.calendar.months[month - 1] ?? ''} ${year}`;
  return new Intl.DateTimeFormat(t.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    Date.UTC(year, month - 1, day),
  );
}
