import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_A_BARE_ADDRESS, createMailTransport } from '#server/mail/transport.ts';
import type { MailTransport } from '#server/mail/transport.ts';
import { captureLog } from '#test/support/capture-log.ts';
import { startSmtpSink } from '#test/support/smtp-sink.ts';
import type { SmtpSink } from '#test/support/smtp-sink.ts';

const from = 'Botón de Pánico Migratorio <no-responder@example.org>';
const mail = (id: number, to: string) => ({
  id,
  to,
  subject: 'Tu código de acceso: 1234',
  text: 'Hola',
  html: '<p>Hola</p>',
});
const now = new Date('2026-03-01T10:00:00Z');

/** Addresses that a mail library would deliver to t@example.org, or split into several. */
const notBare = [
  '1<t@example.org>',
  'x <t@example.org>',
  'a,t@example.org',
  'a(c)t@example.org',
  'g:t@example.org;',
  ' t@example.org',
  'a\nb@example.org',
];

describe('the mail transport sends only to a bare address', () => {
  let dir: string;
  let sink: SmtpSink;
  let smtp: MailTransport;
  let files: MailTransport;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bpm-transport-'));
    sink = await startSmtpSink();
    smtp = createMailTransport({ smtpUrl: sink.url, from, mailDir: path.join(dir, 'unused'), log: captureLog() });
    files = createMailTransport({ smtpUrl: undefined, from, mailDir: path.join(dir, 'mail'), log: captureLog() });
  });
  afterAll(async () => {
    smtp.close();
    files.close();
    await sink.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a recipient with a name, a list, a group or a comment, over SMTP, as a failed send that is not worth retrying', async () => {
    for (const [i, to] of notBare.entries()) {
      expect(await smtp.send(mail(i, to), now), to).toEqual({ ok: false, error: NOT_A_BARE_ADDRESS, permanent: true });
    }
    expect(await smtp.send(mail(99, 't@example.org'), now)).toEqual({ ok: true, via: 'smtp' });
    // Only the bare one arrived, with the stored address as its envelope and its header.
    expect(sink.envelopes).toEqual([['t@example.org']]);
    expect(sink.received.map((received) => !Array.isArray(received.to) && received.to?.text)).toEqual([
      't@example.org',
    ]);
  });

  it('refuses them to the .eml files too, and writes nothing for them', async () => {
    for (const [i, to] of notBare.entries()) {
      expect(await files.send(mail(i, to), now), to).toEqual({ ok: false, error: NOT_A_BARE_ADDRESS, permanent: true });
    }
    expect(await readdir(path.join(dir, 'mail')).catch(() => [])).toEqual([]);
    const sent = await files.send(mail(7, 'josé@ejemplo.es'), now);
    expect(sent).toMatchObject({ ok: true, via: 'file' });
    expect(await readdir(path.join(dir, 'mail'))).toHaveLength(1);
  });

  it("keeps the .eml files (codes, positions) readable by the server's user only, even in a folder made earlier", async () => {
    const mailDir = path.join(dir, 'older');
    await mkdir(mailDir, { mode: 0o755 });
    const transport = createMailTransport({ smtpUrl: undefined, from, mailDir, log: captureLog() });
    try {
      const sent = await transport.send(mail(8, 'luz@example.org'), now);
      expect(sent).toMatchObject({ ok: true, via: 'file' });
      expect((await stat(mailDir)).mode & 0o777).toBe(0o700);
      const [file] = await readdir(mailDir);
      expect((await stat(path.join(mailDir, file ?? ''))).mode & 0o777).toBe(0o600);
    } finally {
      transport.close();
    }
  });
});
