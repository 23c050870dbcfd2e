import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSchema } from '#shared/api/contacts.ts';
import type { Session } from '#shared/api/auth.ts';
import { pinMessages } from '#shared/api/pins.ts';
import { apiMessages } from '#shared/messages.ts';
import { createEscalationWorker } from '#server/desk/escalation.ts';
import { sha256 } from '#server/security/hashing.ts';
import { mailsTo, unsubscribeTokenIn, verifyTokenIn } from '#test/support/contact-mail.ts';
import { setPins } from '#test/support/pins.ts';
import { signUp } from '#test/support/sign-up.ts';
import { staffBearer } from '#test/support/staff.ts';
import { tableRows } from '#test/support/table-rows.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

const person = (email: string, firstname: string) => ({
  firstname,
  lastname: 'Mora',
  email,
  phone: '+13055550111',
  kinship: 'Hermano',
});

describe('deleting an account', () => {
  let t: TestApp;
  let ana: Session;
  beforeAll(async () => {
    t = await createTestApp();
    ana = await signUp(t, 'ana@example.com', 'Ana');
    await t.call('POST', 'contacts', { token: ana.access_token, body: person('tio-de-ana@example.com', 'Tío') });
  });
  afterAll(() => t.close());

  /**
   * What the firm's desk does with a consenting person's alert: it is escalated, searched for by name
   * and by phone, opened, attended, noted, acted on and closed. What the staff typed, returned.
   */
  async function workTheDesk(me: Session, alertId: string): Promise<string[]> {
    const consent = { share: true, detention_info: true };
    expect((await t.call('PUT', 'profile/firm-consent', { token: me.access_token, body: consent })).status).toBe(200);
    const staff = await staffBearer(t, { role: 'responder' });
    const desk = async (method: string, path: string, body?: unknown) =>
      expect((await t.call(method, `desk/${path}`, { token: staff.token, body })).status, path).toBe(200);
    t.clock.advance(t.config.deskEscalation.afterMs);
    expect(await createEscalationWorker({ db: t.db, clock: t.clock, config: t.config, log: t.log }).runDue()).toBe(1);
    const typed = ['Luz Prue', '(305) 555-0123', 'Su hermano dice que la detuvieron.', 'Nadie contesta.', 'Ubicada.'];
    await desk('GET', `clients?q=${encodeURIComponent(typed[0]!)}`);
    await desk('GET', `clients?q=${encodeURIComponent(typed[1]!)}`);
    await desk('GET', `alerts/${alertId}`);
    await desk('POST', `alerts/${alertId}/claim`);
    await desk('POST', `alerts/${alertId}/notes`, { text: typed[2] });
    await desk('POST', `alerts/${alertId}/actions`, { action: 'Llamé a la persona', text: typed[3] });
    await desk('POST', `alerts/${alertId}/close`, { outcome: 'Detenido: ubicado', text: typed[4] });
    await t.drainOutbox();
    return typed;
  }

  it('leaves no row in any table that names the person, their contacts, or a hash of either', async () => {
    const email = 'luz@example.com';
    const luz = await signUp(t, email, 'Luz');
    const add = async (address: string, firstname: string) =>
      v.parse(
        contactSchema,
        (await t.call('POST', 'contacts', { token: luz.access_token, body: person(address, firstname) })).body.message,
      );
    const confirmed = await add('luis@example.com', 'Luis');
    const pending = await add('pedro@example.com', 'Pedro');
    const optedOut = await add('marta@example.com', 'Marta');
    expect(
      (await t.call('GET', `verify-contact/${verifyTokenIn((await mailsTo(t, 'luis@example.com'))[0])}`)).status,
    ).toBe(200);
    expect(
      (await t.post('unsubscribe', { token: unsubscribeTokenIn((await mailsTo(t, 'marta@example.com'))[0]) })).status,
    ).toBe(200);
    // An alert with a position, ended; a refreshed session; a burned code; a code still waiting in the outbox.
    const press = (body: object) =>
      t.call('PUT', 'active-button', { token: luz.access_token, body, headers: { 'idempotency-key': randomUUID() } });
    const started = await press({
      alert_status: '1',
      latitude: '19.4326',
      longitude: '-99.1332',
      timezone: 'America/Mexico_City',
    });
    const alertId = (started.body.message as { alert_id: string }).alert_id;
    // Luz shares her alerts with the firm: the desk is told, searches for her, works her case.
    const typed = await workTheDesk(luz, alertId);
    await press({ alert_status: '2' });
    const session = (await t.post('refresh', { refresh_token: luz.refresh_token })).body.message as Session;
    t.clock.advance(61_000);
    await t.post('signin', { email });
    for (const code of ['0000', '0001', '0002', '0003', '0004', '0005']) await t.post('verify', { email, code });
    t.clock.advance(61_000);
    await t.post('signin', { email });
    await t.drainOutbox();
    t.clock.advance(5 * 60_000);
    expect((await t.post('signin', { email })).status).toBe(200);

    const deleted = await t.call('DELETE', 'profile', { token: session.access_token });
    expect(deleted).toMatchObject({ status: 200, body: { success: true, message: apiMessages.accountDeleted } });

    const contactEmails = ['luis@example.com', 'pedro@example.com', 'marta@example.com'];
    const traces = [
      luz.id,
      email,
      sha256(email),
      alertId,
      confirmed.id,
      pending.id,
      optedOut.id,
      ...contactEmails,
      ...contactEmails.map((address) => sha256(`${luz.id}:${address}`)),
      ...typed,
      ...typed.map((text) => text.toLowerCase()),
    ];
    const rows = await tableRows(t.db);
    // The desk's audit keeps its lines (append-only), naming nobody.
    expect(rows.desk_audit).toHaveLength(3);
    for (const [table, lines] of Object.entries(rows)) {
      for (const line of lines)
        for (const trace of traces) expect(line, `${table} keeps ${trace}`).not.toContain(trace);
    }
    // Everything of Ana's is still there.
    expect(rows.users?.some((line) => line.includes(ana.id))).toBe(true);
    expect(rows.contacts?.some((line) => line.includes('tio-de-ana@example.com'))).toBe(true);
    expect((await t.call('GET', 'contacts', { token: ana.access_token })).status).toBe(200);
  });

  it('leaves no trace of a code asked for forgotten PINs: its row (with the address), its count of wrong guesses, its hourly limit', async () => {
    const email = 'rocio@example.com';
    const rocio = await signUp(t, email, 'Rocío');
    await setPins(t, rocio);
    expect((await t.call('POST', 'profile/pins/forgot', { token: rocio.access_token })).body).toEqual({
      success: true,
      message: pinMessages.codeSent,
    });
    const wrong = await t.call('POST', 'profile/pins/reset', { token: rocio.access_token, body: { code: '0000' } });
    expect(wrong).toMatchObject({ status: 422, body: { message: pinMessages.codeWrong } });
    const traces = [rocio.id, email, sha256(email), sha256(`pins-reset:${email}`)];
    const before = await tableRows(t.db);
    // What this test is about is there before the deletion: the code's row, its count, its limit.
    for (const trace of [email, sha256(`pins-reset:${email}`), `pins-code:${sha256(email)}`])
      expect(
        Object.values(before).some((lines) => lines.some((line) => line.includes(trace))),
        trace,
      ).toBe(true);

    const deleted = await t.call('DELETE', 'profile', { token: rocio.access_token });
    expect(deleted).toMatchObject({ status: 200, body: { success: true, message: apiMessages.accountDeleted } });
    const rows = await tableRows(t.db);
    for (const [table, lines] of Object.entries(rows)) {
      for (const line of lines)
        for (const trace of traces) expect(line, `${table} keeps ${trace}`).not.toContain(trace);
    }
  });
});
