const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => entities[char] ?? char);
}

// A number as we store it (E.164) and a web address, as they appear in our texts.
const PHONE_OR_URL = /(\+\d{7,15})|(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)»])/g;

/**
 * Escaped text whose phone numbers are `tel:` links and whose web addresses are links: a contact
 * reading the e-mail on a phone calls or opens them with one tap. Only where calling is what we
 * ask: after a duress answer the number stays plain text (whoever forced it may hold the phone).
 */
export function linkedHtml(value: string): string {
  let html = '';
  let last = 0;
  for (const match of value.matchAll(PHONE_OR_URL)) {
    const [found, phone] = match;
    html += escapeHtml(value.slice(last, match.index));
    const href = phone ? `tel:${phone}` : found;
    html += `<a href="${escapeHtml(href)}">${escapeHtml(found)}</a>`;
    last = match.index + found.length;
  }
  return html + escapeHtml(value.slice(last));
}
