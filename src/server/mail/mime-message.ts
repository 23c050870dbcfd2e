import { randomUUID } from 'node:crypto';

// Our e-mails have one shape: From, To, Subject, Content-Language, a text part and an HTML part.
// nodemailer's composer builds that through a tree of streams, at about a
// millisecond of CPU per e-mail, three times an alert's whole request in a CPU
// profile; written out directly it costs a few microseconds. nodemailer still
// speaks SMTP, and composes anything this does not cover (`composeMime` says so).

const CRLF = '\r\n';
/** A dot-atom address: anything else (quoted local parts, non-ASCII) is composed by nodemailer. */
const PLAIN_ADDRESS = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9.-]+$/;
/** Written as is: short printable ASCII (longer text becomes encoded words, which fold). */
const PLAIN_HEADER = /^[\x20-\x7e]{0,66}$/;

/** Base64 in lines of 76, as RFC 2045 wants. */
function base64Lines(value: string): string {
  const encoded = Buffer.from(value, 'utf8').toString('base64');
  const lines: string[] = [];
  for (let i = 0; i < encoded.length; i += 76) lines.push(encoded.slice(i, i + 76));
  return lines.join(CRLF);
}

/** A header value: as is when short plain ASCII, else RFC 2047 encoded words, folded into lines under 78 characters. */
function headerText(value: string): string {
  if (PLAIN_HEADER.test(value)) return value;
  const words: string[] = [];
  let chunk = '';
  for (const char of value) {
    // 39 bytes make 52 base64 characters: a word of 64, and `Subject: ` with it, stay under 78.
    if (Buffer.byteLength(chunk + char, 'utf8') > 39) {
      words.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  if (chunk) words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word, 'utf8').toString('base64')}?=`).join(`${CRLF} `);
}

/** `Name <address>` or a bare address; undefined for what we do not write ourselves (non-ASCII addresses). */
function mailbox(value: string): { header: string; address: string } | undefined {
  const named = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(value);
  const address = (named ? named[2] : value)?.trim() ?? '';
  if (!PLAIN_ADDRESS.test(address)) return undefined;
  const name = named?.[1]?.replace(/^"(.*)"$/, '$1') ?? '';
  if (!name) return { header: address, address };
  // A quoted string, its quotes and backslashes escaped; encoded words for anything else.
  const plain = PLAIN_HEADER.test(name);
  return { header: `${plain ? `"${name.replace(/["\\]/g, '\\$&')}"` : headerText(name)} <${address}>`, address };
}

export type MimeInput = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  date: Date;
  /** The reader's language tag ('es', 'pt-BR'), as the HTML part's root says it. */
  language: string;
};

/** The message as bytes for SMTP (CRLF lines, UTF-8 parts in base64), or undefined when nodemailer must compose it. */
export function composeMime(input: MimeInput): Buffer | undefined {
  const from = mailbox(input.from);
  // The recipient is one bare address (transport.ts checks), written as is: never read out of a `Name <…>`.
  const to = PLAIN_ADDRESS.test(input.to) ? input.to : undefined;
  if (!from || !to || !/^[A-Za-z0-9-]{2,35}$/.test(input.language)) return undefined;
  const boundary = `--_sos_${randomUUID()}`;
  const domain = from.address.split('@').pop();
  const part = (type: string, body: string) =>
    [
      `--${boundary}`,
      `Content-Type: ${type}; charset=utf-8`,
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(body),
    ].join(CRLF);
  const lines = [
    `From: ${from.header}`,
    `To: ${to}`,
    `Subject: ${headerText(input.subject)}`,
    `Message-ID: <${randomUUID()}@${domain}>`,
    `Date: ${input.date.toUTCString().replace(/GMT/, '+0000')}`,
    `Content-Language: ${input.language}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    part('text/plain', input.text),
    part('text/html', input.html),
    `--${boundary}--`,
    '',
  ];
  return Buffer.from(lines.join(CRLF), 'utf8');
}
