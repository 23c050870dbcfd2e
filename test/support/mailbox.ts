import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';

/** `language`: the Content-Language header ('' when absent). */
export type ReceivedMail = { file: string; to: string; subject: string; text: string; html: string; language: string };

/**
 * Each file parsed once per size and time of change: waiting for an e-mail reads the folder ten times
 * a second, and parsing every e-mail each time kept a core busy in files that send many. A file read
 * while it was still being written has another size once written, and is parsed again.
 */
const parsed = new Map<string, Promise<ReceivedMail>>();

async function parseMail(dir: string, file: string): Promise<ReceivedMail> {
  const full = path.join(dir, file);
  const { size, mtimeMs } = await stat(full);
  const key = `${full}\n${size}\n${mtimeMs}`;
  let mail = parsed.get(key);
  if (!mail) {
    mail = readFile(full).then(async (raw) => {
      const message = await simpleParser(raw);
      const to = Array.isArray(message.to) ? message.to.map((a) => a.text).join(', ') : (message.to?.text ?? '');
      const language = message.headers.get('content-language');
      return {
        file,
        to,
        subject: message.subject ?? '',
        text: message.text ?? '',
        html: message.html || '',
        language: typeof language === 'string' ? language : '',
      };
    });
    parsed.set(key, mail);
    // A failed read is tried again next time, not remembered.
    mail.catch(() => parsed.delete(key));
  }
  return mail;
}

/** Every `.eml` the app wrote to `DATA_DIR/mail`, oldest first, decoded as a mail client would. */
export async function readMailbox(dataDir: string): Promise<ReceivedMail[]> {
  const dir = path.join(dataDir, 'mail');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
  // Copies: a caller that changes what it got must not change what the next one gets.
  return Promise.all(files.map(async (file) => ({ ...(await parseMail(dir, file)) })));
}

/**
 * Waits (by polling the folder, never by sleeping a fixed time) for an e-mail to `to` that matches.
 * An e-mail crosses the outbox (whose retry steps may hold it back) and SMTP: a loaded machine needs
 * far longer than a quiet one. The wait ends as soon as the e-mail is there.
 */
export async function waitForMail(
  dataDir: string,
  match: { to: string; subject?: RegExp; after?: number },
  timeoutMs = 60_000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await readMailbox(dataDir);
    const found = mails
      .slice(match.after ?? 0)
      .find((mail) => mail.to.includes(match.to) && (!match.subject || match.subject.test(mail.subject)));
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`No e-mail to ${match.to} within ${timeoutMs} ms (${mails.length} in the folder)`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The 4-digit code from a sign-in e-mail's subject (`Tu código de acceso: 1234`). */
export function codeFrom(mail: ReceivedMail): string {
  const code = /Tu código de acceso: (\d{4})/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`No code in subject "${mail.subject}"`);
  return code;
}
