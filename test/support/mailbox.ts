import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';

/** `language`: the Content-Language header ('' when absent). */
export type ReceivedMail = { file: string; to: string; subject: string; text: string; html: string; language: string };

/** Every `.eml` the app wrote to `DATA_DIR/mail`, oldest first, decoded as a mail client would. */
export async function readMailbox(dataDir: string): Promise<ReceivedMail[]> {
  const dir = path.join(dataDir, 'mail');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const parsed = await simpleParser(await readFile(path.join(dir, file)));
      const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
      const language = parsed.headers.get('content-language');
      return {
        file,
        to,
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        html: parsed.html || '',
        language: typeof language === 'string' ? language : '',
      };
    }),
  );
}

/** Waits (by polling the folder, never by sleeping a fixed time) for an e-mail to `to` that matches. */
export async function waitForMail(
  dataDir: string,
  match: { to: string; subject?: RegExp; after?: number },
  timeoutMs = 15_000,
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
