import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import MailComposer from 'nodemailer/lib/mail-composer';
import { isBareAddress } from '#shared/api/fields.ts';
import type { Log } from '#server/log.ts';
import type { OutgoingMail } from './mail-content.ts';
import { composeMime } from './mime-message.ts';
import { htmlLanguage } from './templates/layout.ts';
import { createSmtpPool } from './smtp-pool.ts';

/** `permanent`: trying again cannot help (the recipient is not an address we send to). */
export type SendResult =
  { ok: true; via: 'smtp' | 'file'; file?: string } | { ok: false; error: string; permanent?: boolean };

export type MailTransport = {
  send(mail: OutgoingMail, now: Date): Promise<SendResult>;
  close(): void;
};

export type TransportOptions = {
  smtpUrl: string | undefined;
  from: string;
  /** Where `.eml` files go when no SMTP server is configured. */
  mailDir: string;
  log: Log;
  /** SMTP connections kept at most: as many as e-mails its senders have in flight at once. */
  connections?: number;
};

/**
 * A safe summary of a failure for logs and the outbox row: the error's code and
 * the SMTP reply code, never the reply text (servers echo addresses in it).
 */
function describe(error: unknown): string {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  const name = error instanceof Error ? error.name : 'Error';
  return [name, typeof code === 'string' ? code : '', typeof responseCode === 'number' ? `smtp ${responseCode}` : '']
    .filter(Boolean)
    .join(' ');
}

/** `20261123T095501123Z-000017.eml`: sorts by time, holds neither address nor code. */
function fileName(id: number, now: Date): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${String(id).padStart(6, '0')}.eml`;
}

/** `data/mail/x.eml` under the working directory, the absolute path elsewhere. */
function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') ? file : relative;
}

/** What a refused recipient records (logs and `last_error`): never the address itself. */
export const NOT_A_BARE_ADDRESS = 'destinatario no es una dirección simple';

/**
 * The stored recipient when it is one bare address that nodemailer also reads
 * as exactly itself, else undefined. The API's schema already refuses anything
 * else; this is the last gate, so that a slip there (or an old row) can never
 * send a message counted for one address to another one.
 */
export function bareRecipient(to: string): string | undefined {
  if (!isBareAddress(to)) return undefined;
  const parsed = addressparser(to);
  const only = parsed.length === 1 ? parsed[0] : undefined;
  return only && 'address' in only && only.address === to && !only.name ? to : undefined;
}

/** The envelope sender: the address inside MAIL_FROM (`Name <address>`). */
function envelopeSender(from: string): string {
  const [first] = addressparser(from);
  return first && 'address' in first && first.address ? first.address : from;
}

/**
 * The server refused this recipient or this message for good (a 5xx reply to
 * RCPT TO or to the message): sending it again would get the same answer. A
 * 5xx to anything else (MAIL FROM, AUTH) says our settings are wrong, which
 * can be mended, so those e-mails wait and are tried again.
 */
function isPermanent(error: unknown): boolean {
  const { responseCode, command } = (error ?? {}) as { responseCode?: unknown; command?: unknown };
  return (
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode !== 503 &&
    (command === 'RCPT TO' || command === 'DATA')
  );
}

export function createMailTransport(options: TransportOptions): MailTransport {
  const { smtpUrl, from, mailDir, log, connections = 10 } = options;
  // Kept connections, reused, rather than a new connection (TCP, greeting, EHLO,
  // QUIT) for every e-mail. Without SMTP_URL, nodemailer writes the .eml files.
  const pool = smtpUrl ? createSmtpPool(smtpUrl, connections) : undefined;
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  const sender = envelopeSender(from);
  // The files hold codes and positions: the folder is the owner's only (also one made
  // by an older version with the default mode), and so is every file.
  let mailDirReady: Promise<void> | undefined;
  const ensureMailDir = () =>
    (mailDirReady ??= mkdir(mailDir, { recursive: true, mode: 0o700 })
      .then(() => chmod(mailDir, 0o700))
      .catch((error: unknown) => {
        mailDirReady = undefined;
        throw error;
      }));

  return {
    async send(mail, now) {
      const to = bareRecipient(mail.to);
      if (!to) return { ok: false, error: NOT_A_BARE_ADDRESS, permanent: true };
      // The envelope names the stored address itself: nobody reads it out of the headers again.
      const envelope = { from: sender, to };
      // Every e-mail says the language its reader reads it in, as its HTML part does.
      const language = htmlLanguage(mail.html);
      const message = {
        from,
        to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { 'Content-Language': language },
      };
      try {
        if (pool) {
          // Composed in memory and handed over whole (mime-message.ts says why).
          const raw =
            composeMime({ ...message, date: now, language }) ?? (await new MailComposer(message).compile().build());
          await pool.send(envelope, raw);
          log.info(`correo ${mail.id} enviado por SMTP`);
          return { ok: true, via: 'smtp' };
        }
        const info = await transporter.sendMail({ ...message, envelope: { from: sender, to: [to] } });
        await ensureMailDir();
        const file = path.join(mailDir, fileName(mail.id, now));
        await writeFile(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
        log.info(`correo ${mail.id} guardado en ${displayPath(file)}`);
        return { ok: true, via: 'file', file };
      } catch (error) {
        return isPermanent(error)
          ? { ok: false, error: describe(error), permanent: true }
          : { ok: false, error: describe(error) };
      }
    },
    close: () => {
      pool?.close();
      transporter.close();
    },
  };
}
