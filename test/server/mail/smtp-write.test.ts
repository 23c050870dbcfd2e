import type { Socket } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NOT_A_BARE_ADDRESS, createMailTransport } from '#server/mail/transport.ts';
import type { MailTransport } from '#server/mail/transport.ts';
import { captureLog } from '#test/support/capture-log.ts';

const from = 'Botón de Pánico Migratorio <no-responder@example.org>';
const now = new Date('2026-03-01T10:00:00Z');
const mail = (id: number, to: string) => ({
  id,
  to,
  subject: `Alerta de Ana ${id}`,
  text: `Hola ${id}\n.\nfin`,
  html: `<p>Hola ${id}</p>`,
});

/** What the listener does with the next messages, by recipient; accepted otherwise. */
type Answer = 'reject-recipient' | 'try-later' | 'reject-message' | 'drop-mid-message';

type Received = { from: string; to: string[]; subject: string; text: string };

/** A real SMTP listener whose answers the test chooses per recipient, and that can drop a connection mid-message. */
async function startRelay() {
  const answers = new Map<string, Answer>();
  const received: Received[] = [];
  const sockets = new Map<number, Socket>();
  let connections = 0;
  let closed = 0;
  const state = { rejectSender: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onMailFrom(address, _session, callback) {
      if (state.rejectSender)
        return callback(Object.assign(new Error('Remitente no permitido'), { responseCode: 553 }));
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (answers.get(address.address) === 'reject-recipient')
        return callback(Object.assign(new Error('No existe'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
      const answer = answers.get(to[0] ?? '');
      if (answer === 'drop-mid-message') {
        // The first bytes of the message arrive, then the line goes dead.
        stream.once('data', () => sockets.get(session.remotePort)?.destroy());
        stream.on('error', () => undefined);
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          if (answer === 'try-later')
            return callback(Object.assign(new Error('Intente más tarde'), { responseCode: 451 }));
          if (answer === 'reject-message')
            return callback(Object.assign(new Error('Rechazado'), { responseCode: 554 }));
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  server.on('error', () => undefined);
  server.server.on('connection', (socket: Socket) => {
    if (socket.remotePort) sockets.set(socket.remotePort, socket);
    socket.on('close', () => (closed += 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    answers,
    received,
    state,
    connections: () => connections,
    closed: () => closed,
    /** Closes every connection, as a relay does with those idle too long. */
    dropAll: () => {
      for (const socket of sockets.values()) socket.destroy();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the SMTP write path: composed messages over kept connections', () => {
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let transport: MailTransport;
  beforeAll(async () => {
    relay = await startRelay();
  });
  afterEach(() => {
    transport?.close();
    relay.answers.clear();
    relay.state.rejectSender = false;
    relay.received.length = 0;
  });
  afterAll(async () => {
    await relay.close();
  });

  it('delivers each e-mail once, to the stored address as its envelope, over a bounded set of kept connections', async () => {
    transport = createMailTransport({ smtpUrl: relay.url, from, mailDir: '/nonexistent', log: captureLog() });
    const before = relay.connections();
    const recipients = Array.from({ length: 30 }, (_, i) => `persona${i}@example.org`);
    const results = await Promise.all(recipients.map((to, i) => transport.send(mail(i, to), now)));
    expect(results).toEqual(recipients.map(() => ({ ok: true, via: 'smtp' })));
    // A second round reuses the connections the first one opened.
    await Promise.all(recipients.map((to, i) => transport.send(mail(100 + i, to), now)));
    expect(relay.connections() - before).toBeLessThanOrEqual(10);
    expect(relay.received).toHaveLength(60);
    expect(new Set(relay.received.map((r) => r.to.join()))).toEqual(new Set(recipients));
    expect(relay.received.every((r) => r.from === 'no-responder@example.org' && r.to.length === 1)).toBe(true);
    const first = relay.received.find((r) => r.subject === 'Alerta de Ana 0');
    // A line holding a lone dot survives the transfer (dot-stuffing).
    expect(first).toEqual({
      from: 'no-responder@example.org',
      to: ['persona0@example.org'],
      subject: 'Alerta de Ana 0',
      text: 'Hola 0\n.\nfin',
    });
  });

  it("keeps no more connections than SMTP_URL's maxConnections allows", async () => {
    transport = createMailTransport({
      smtpUrl: `${relay.url}?maxConnections=2`,
      from,
      mailDir: '/nonexistent',
      log: captureLog(),
    });
    const before = relay.connections();
    const recipients = Array.from({ length: 12 }, (_, i) => `limite${i}@example.org`);
    const results = await Promise.all(recipients.map((to, i) => transport.send(mail(i, to), now)));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(relay.connections() - before).toBe(2);
    expect(relay.received.map((r) => r.to[0]).sort()).toEqual([...recipients].sort());
  });

  it('reports a 451 as a failure worth retrying, and the next e-mail to that address goes out', async () => {
    transport = createMailTransport({ smtpUrl: relay.url, from, mailDir: '/nonexistent', log: captureLog() });
    relay.answers.set('luz@example.org', 'try-later');
    const refused = await transport.send(mail(1, 'luz@example.org'), now);
    expect(refused).toEqual({ ok: false, error: 'Error EMESSAGE smtp 451' });
    relay.answers.delete('luz@example.org');
    expect(await transport.send(mail(2, 'luz@example.org'), now)).toEqual({ ok: true, via: 'smtp' });
    expect(relay.received.map((r) => r.subject)).toEqual(['Alerta de Ana 2']);
  });

  it('reports a 5xx to the recipient or to the message as permanent, and one to our sender as worth retrying', async () => {
    transport = createMailTransport({ smtpUrl: relay.url, from, mailDir: '/nonexistent', log: captureLog() });
    relay.answers.set('nadie@example.org', 'reject-recipient');
    relay.answers.set('spam@example.org', 'reject-message');
    expect(await transport.send(mail(1, 'nadie@example.org'), now)).toEqual({
      ok: false,
      error: 'Error EENVELOPE smtp 550',
      permanent: true,
    });
    expect(await transport.send(mail(2, 'spam@example.org'), now)).toEqual({
      ok: false,
      error: 'Error EMESSAGE smtp 554',
      permanent: true,
    });
    relay.answers.clear();
    relay.state.rejectSender = true;
    expect(await transport.send(mail(3, 'ok@example.org'), now)).toEqual({
      ok: false,
      error: 'Error EENVELOPE smtp 553',
    });
    relay.state.rejectSender = false;
    expect(await transport.send(mail(4, 'ok@example.org'), now)).toEqual({ ok: true, via: 'smtp' });
    expect(relay.received.map((r) => r.to)).toEqual([['ok@example.org']]);
  });

  it('reports a connection dropped mid-message as worth retrying, and sends the next e-mail over a new one', async () => {
    transport = createMailTransport({ smtpUrl: relay.url, from, mailDir: '/nonexistent', log: captureLog() });
    expect(await transport.send(mail(1, 'antes@example.org'), now)).toEqual({ ok: true, via: 'smtp' });
    relay.answers.set('corte@example.org', 'drop-mid-message');
    const dropped = await transport.send(mail(2, 'corte@example.org'), now);
    expect(dropped.ok).toBe(false);
    expect(dropped).not.toHaveProperty('permanent');
    relay.answers.clear();
    const connections = relay.connections();
    expect(await transport.send(mail(3, 'corte@example.org'), now)).toEqual({ ok: true, via: 'smtp' });
    expect(relay.connections()).toBe(connections + 1);
    expect(relay.received.map((r) => r.subject)).toEqual(['Alerta de Ana 1', 'Alerta de Ana 3']);
  });

  it('refuses a recipient that is not a bare address before a byte reaches the relay', async () => {
    transport = createMailTransport({ smtpUrl: relay.url, from, mailDir: '/nonexistent', log: captureLog() });
    const connections = relay.connections();
    for (const to of [
      'Ana <t@example.org>',
      't@example.org, u@example.org',
      't@example.org\r\nRCPT TO:<u@example.org>',
    ]) {
      expect(await transport.send(mail(1, to), now), to).toEqual({
        ok: false,
        error: NOT_A_BARE_ADDRESS,
        permanent: true,
      });
    }
    expect(relay.connections()).toBe(connections);
    expect(relay.received).toEqual([]);
  });
});

describe('a kept connection the relay closed while idle', () => {
  it('is replaced: the next e-mail goes out at once, over a new connection', async () => {
    const relay = await startRelay();
    const transport = createMailTransport({ smtpUrl: relay.url, from, mailDir: '/nonexistent', log: captureLog() });
    try {
      expect(await transport.send(mail(1, 'uno@example.org'), now)).toEqual({ ok: true, via: 'smtp' });
      relay.dropAll();
      await expect.poll(() => relay.closed(), { timeout: 3_000, interval: 20 }).toBe(1);
      expect(await transport.send(mail(2, 'dos@example.org'), now)).toEqual({ ok: true, via: 'smtp' });
      expect(relay.connections()).toBe(2);
      expect(relay.received.map((r) => r.to)).toEqual([['uno@example.org'], ['dos@example.org']]);
    } finally {
      transport.close();
      await relay.close();
    }
  });
});
