import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { composeMime } from '#server/mail/mime-message.ts';

describe('e-mails composed for SMTP', () => {
  const mail = {
    from: 'Botón de Pánico Migratorio <no-responder@example.org>',
    to: 'luis@example.com',
    subject: 'ALERTA SOS: María José Núñez Peña está en riesgo y necesita ayuda ahora mismo',
    text: 'Hola Luis:\n\nMaría está en riesgo.\n.\nUna línea con un punto.',
    html: '<p>Hola <b>Luis</b>: María está en riesgo.</p>',
    date: new Date('2026-03-01T13:00:00Z'),
    language: 'es',
  };

  it('reads back in a mail client with its accents, both parts and a sender name', async () => {
    const raw = composeMime(mail);
    expect(raw).toBeDefined();
    const parsed = await simpleParser(raw!);
    expect(parsed.subject).toBe(mail.subject);
    expect(parsed.from?.value).toEqual([{ name: 'Botón de Pánico Migratorio', address: 'no-responder@example.org' }]);
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toBe('luis@example.com');
    expect(parsed.text?.trim()).toBe(mail.text);
    expect(parsed.html).toBe(mail.html);
    expect(parsed.date?.toISOString()).toBe(mail.date.toISOString());
    expect(parsed.messageId).toMatch(/^<[0-9a-f-]+@example\.org>$/);
    expect(parsed.headers.get('content-language')).toBe('es');
  });

  it("says the reader's language in Content-Language, and leaves a malformed tag to nodemailer", async () => {
    expect((await simpleParser(composeMime({ ...mail, language: 'pt-BR' })!)).headers.get('content-language')).toBe(
      'pt-BR',
    );
    expect(composeMime({ ...mail, language: 'ht\r\nBcc: x@example.com' })).toBeUndefined();
  });

  it('keeps every header line within SMTP limits', () => {
    const lines = composeMime(mail)!.toString('utf8').split('\r\n');
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(998);
    expect(
      lines.filter((line) => line.startsWith('Subject:') || line.startsWith(' =?')).every((line) => line.length <= 78),
    ).toBe(true);
  });

  it('leaves addresses it does not write itself to nodemailer', () => {
    expect(composeMime({ ...mail, to: 'josé@ejemplo.es' })).toBeUndefined();
    // A quoted local part: legal, but not ours to write.
    expect(composeMime({ ...mail, to: 'a"b@example.com' })).toBeUndefined();
  });

  it('quotes a sender name with quotes or a backslash, so the address stays the address', async () => {
    const parsed = await simpleParser(composeMime({ ...mail, from: 'SOS "Ayuda\\ <no-responder@example.org>' })!);
    expect(parsed.from?.value).toEqual([{ name: 'SOS "Ayuda\\', address: 'no-responder@example.org' }]);
  });

  it('folds a long plain-ASCII subject (long names) into lines under 78 characters', async () => {
    const subject = `Recordatorio: ${'Maria Jose Nunez Pena '.repeat(6).trim()} sigue en riesgo`;
    const raw = composeMime({ ...mail, subject })!;
    expect(
      raw
        .toString('utf8')
        .split('\r\n')
        .every((line) => line.length <= 78 || !/^(Subject:| )/.test(line)),
    ).toBe(true);
    expect((await simpleParser(raw)).subject).toBe(subject);
  });
});
