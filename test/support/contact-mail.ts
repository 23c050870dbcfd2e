import type { ParsedMail } from 'mailparser';
import type { TestApp } from './test-app.ts';

/** Send what is queued, then every e-mail addressed to `email`, oldest first. */
export async function mailsTo(t: TestApp, email: string): Promise<ParsedMail[]> {
  await t.drainOutbox();
  return (await t.inbox()).filter((mail) => !Array.isArray(mail.to) && mail.to?.value.some((a) => a.address === email));
}

function tokenIn(mail: ParsedMail | undefined, pattern: RegExp): string {
  const token = pattern.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`No link like ${pattern} in "${mail?.subject ?? 'no e-mail'}"`);
  return token;
}

/** The token of the 'accept' link, `PUBLIC_URL/web/active/verify/{token}`, as a contact would click it. */
export const verifyTokenIn = (mail: ParsedMail | undefined) => tokenIn(mail, /\/web\/active\/verify\/([A-Za-z0-9_-]+)/);

/** The token of the unsubscribe link, `PUBLIC_URL/web/active/unsubscribe?token={token}`. */
export const unsubscribeTokenIn = (mail: ParsedMail | undefined) =>
  tokenIn(mail, /\/web\/active\/unsubscribe\?token=([A-Za-z0-9_-]+)/);
