import { DETENTION_FIELDS, type DetentionInfo } from '#shared/api/detention-info.ts';
import { contactTexts } from '#shared/contact-texts/index.ts';
import type { Language } from '#shared/language.ts';
import { escapeHtml } from '#server/mail/templates/escape-html.ts';

// What every alert e-mail tells a contact to do if the person may have been
// detained (ICE's locator, the consulate, the lawyer), and for the contacts the
// person chose, the 'Si me detienen' packet. Plain text, no remote images.

/** The packet a practice shows: clearly not anyone's real data. */
export const SAMPLE_DETENTION_INFO: DetentionInfo = {
  legal_name: 'Nombre Apellido Ejemplo',
  birth_date: '1990-01-31',
  birth_country: 'País de ejemplo',
  a_number: 'A000000000',
  consulate_phone: '+10000000000',
  lawyer_name: 'Abogada de ejemplo',
  lawyer_phone: '+10000000000',
  g28_signed: 'si',
  children_pickup: 'Persona de ejemplo',
  children_contact: '+10000000000',
  documents_location: 'Lugar de ejemplo',
  medicines: 'Ninguna (ejemplo)',
};

export type Packet = { info: DetentionInfo; sample: boolean };

export type MailPart = { text: string[]; html: string };

/** The steps, with the packet's numbers when this contact may see them, then the packet itself. */
export function detentionSteps(language: Language, who: string, packet: Packet | undefined): MailPart {
  const t = contactTexts(language);
  const info = packet && !packet.sample ? packet.info : undefined;
  const steps = [
    t.stepLocator(info?.a_number ?? '', info?.birth_country ?? ''),
    t.stepConsulate(info?.consulate_phone ?? ''),
    t.stepLawyer(info?.lawyer_name ?? '', info?.lawyer_phone ?? ''),
  ];
  const text = ['', t.stepsHeading, ...steps.map((line, index) => `${index + 1}. ${line}`)];
  let html = `<p style="margin:12px 0 8px"><strong>${escapeHtml(t.stepsHeading)}</strong></p>
<ol style="margin:0 0 12px;padding-left:20px">${steps.map((line) => `<li style="margin:0 0 6px">${escapeHtml(line)}</li>`).join('')}</ol>`;
  if (packet) {
    const lines = DETENTION_FIELDS.filter((field) => packet.info[field] !== '').map((field) => {
      const value = packet.info[field];
      const shown = field === 'g28_signed' ? (value === 'si' ? t.yes : t.no) : value.replace(/\s+/g, ' ');
      return `${t.packetLabel(field)}: ${shown}`;
    });
    const notes = packet.sample ? [t.packetSample(who)] : [];
    text.push('', t.packetHeading(who), ...notes, ...lines.map((line) => `- ${line}`));
    html += `
<p style="margin:12px 0 8px"><strong>${escapeHtml(t.packetHeading(who))}</strong></p>
${notes.map((note) => `<p style="margin:0 0 8px"><em>${escapeHtml(note)}</em></p>`).join('')}
<ul style="margin:0 0 12px;padding-left:20px">${lines.map((line) => `<li style="margin:0 0 4px">${escapeHtml(line)}</li>`).join('')}</ul>`;
  }
  return { text, html };
}
