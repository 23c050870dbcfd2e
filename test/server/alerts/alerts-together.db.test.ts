import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { apiMessages } from '#shared/messages.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ackTokenIn,
  alertState,
  lastMail,
  personWithConfirmedContacts,
  press,
  statesOf,
} from '#test/support/alert-people.ts';
import type { Person } from '#test/support/alert-people.ts';
import { mailsTo } from '#test/support/contact-mail.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

// Presses that reach the server together are written together (src/server/db/batched.ts,
// start-alert-at-once.ts): one context read and one statement for all of them. Nothing
// of one person's press may end up in another's alert or e-mails, and each kind of
// press in the batch still gets the answer it would get alone.

const STARTED = /^ALERTA SOS: .* está en riesgo$/;
const sentTo = (mail: ParsedMail, email: string) =>
  !Array.isArray(mail.to) && (mail.to?.value.some((address) => address.address === email) ?? false);
const where = (i: number) => ({ latitude: `19.43${i}1`, longitude: `-99.13${i}2`, timezone: 'America/Mexico_City' });

describe('presses of several people at the same moment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("give each person their own alert, and each contact one e-mail with their person's position and a 'Lo tengo' for their alert", async () => {
    const people: Person[] = [];
    for (let i = 0; i < 8; i += 1)
      people.push(
        await personWithConfirmedContacts(t, `junto${i}`, [
          ['Luis', 'Díaz'],
          ['María', 'López'],
        ]),
      );

    const replies = await Promise.all(
      people.map((person, i) => press(t, person.me, { alert_status: '1', ...where(i) })),
    );
    expect(replies.map((reply) => reply.status)).toEqual(people.map(() => 200));
    const alertIds = replies.map((reply) => (reply.body.message as { alert_id: string }).alert_id);
    expect(new Set(alertIds).size).toBe(people.length);

    await t.worker.drain();
    // Read (and parsed) once: the inbox holds every e-mail of the file, and nothing checked below adds one.
    const inbox = await t.inbox();
    for (const [i, person] of people.entries()) {
      const state = await alertState(t, person.me);
      expect(state.alert?.id).toBe(alertIds[i]);
      expect(statesOf(state.alert?.deliveries)).toEqual({ 'Luis Díaz': 'sent', 'María López': 'sent' });
      for (const email of person.emails) {
        const started = inbox.filter((mail) => sentTo(mail, email) && STARTED.test(mail.subject ?? ''));
        expect(started).toHaveLength(1);
        expect(started[0]?.text).toContain(where(i).latitude);
        expect((await t.call('POST', 'ack', { body: { token: ackTokenIn(started[0]) } })).status).toBe(200);
      }
      // Both links acknowledged this person's alert, not a neighbour's.
      expect(statesOf((await alertState(t, person.me)).alert?.deliveries)).toEqual({
        'Luis Díaz': 'acknowledged',
        'María López': 'acknowledged',
      });
    }
  });

  it('answer a replay, a reused key, a press during an alert and a double press the way each is answered alone', async () => {
    const fresh = await personWithConfirmedContacts(t, 'mezcla-nueva', [['Ana', 'Ruiz']]);
    const during = await personWithConfirmedContacts(t, 'mezcla-activa', [['Eva', 'Sanz']]);
    const replayed = await personWithConfirmedContacts(t, 'mezcla-repetida', [['Iván', 'Gil']]);
    const reused = await personWithConfirmedContacts(t, 'mezcla-reusada', [['Olga', 'Mora']]);
    const twice = await personWithConfirmedContacts(t, 'mezcla-doble', [['Raúl', 'Vega']]);

    const onBefore = await press(t, during.me, { alert_status: '1', latitude: '', longitude: '', timezone: 'UTC' });
    const replayKey = randomUUID();
    const replayBody = { alert_status: '1', ...where(3) };
    const firstReplay = await press(t, replayed.me, replayBody, replayKey);
    const reusedKey = randomUUID();
    expect((await press(t, reused.me, { alert_status: '1', ...where(4) }, reusedKey)).status).toBe(200);
    await t.worker.drain();
    const twiceKey = randomUUID();

    const [started, position, replay, mismatch, ...double] = await Promise.all([
      press(t, fresh.me, { alert_status: '1', ...where(1) }),
      press(t, during.me, { alert_status: '1', ...where(2) }),
      press(t, replayed.me, replayBody, replayKey),
      press(t, reused.me, { alert_status: '1', ...where(5) }, reusedKey),
      press(t, twice.me, { alert_status: '1', ...where(6) }, twiceKey),
      press(t, twice.me, { alert_status: '1', ...where(6) }, twiceKey),
      press(t, twice.me, { alert_status: '1', ...where(6) }),
    ]);

    expect(started.status).toBe(200);
    expect((await alertState(t, fresh.me)).alert?.id).toBe((started.body.message as { alert_id: string }).alert_id);
    // During an alert a press sends the new position, and answers with the alert already on.
    expect(position.body.message).toEqual(onBefore.body.message);
    // The same key and body: the first answer again, and no second alert.
    expect(replay.body.message).toEqual(firstReplay.body.message);
    // The same key with another body: refused, in Spanish, with nothing written.
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors?.idempotency_key).toEqual([apiMessages.idempotencyKeyReused]);
    // Three presses of one person at once: one alert, whichever key won.
    const alertOn = (await alertState(t, twice.me)).alert?.id;
    for (const reply of double) expect((reply.body.message as { alert_id: string }).alert_id).toBe(alertOn);

    await t.worker.drain();
    expect((await lastMail(t, during.emails[0]!, /^ALERTA SOS: ubicación de/))?.text).toContain(where(2).latitude);
    const startedMails = async (person: Person) =>
      (await mailsTo(t, person.emails[0]!)).filter((mail) => STARTED.test(mail.subject ?? ''));
    expect(await startedMails(fresh)).toHaveLength(1);
    expect(await startedMails(during)).toHaveLength(1);
    expect(await startedMails(replayed)).toHaveLength(1);
    expect(await startedMails(reused)).toHaveLength(1);
    expect((await startedMails(reused))[0]?.text).not.toContain(where(5).latitude);
    expect(await startedMails(twice)).toHaveLength(1);
  });
});
