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
  });

  it('keeps every header line within SMTP limits', () => {
    const lines = composeMime(mail)!.toString('utf8').split('\r\n');
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(998);
    expect(lines.filter((line) => line.startsWith('Subject:') || line.startsWith(' =?')).every((line) => line.length <= 78)).toBe(true);
  });

  it('leaves addresses it does not write itself to nodemailer', () => {
    expect(composeMime({ ...mail, to: 'josé@ejemplo.es' })).toBeUndefined();
  });
});
