import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import {
  deskMessages,
  type DeskAlertCard,
  type DeskAuditLine,
  type DeskCase,
  type DeskClient,
} from '#shared/api/desk.ts';
import { EMPTY_DETENTION_INFO } from '#shared/api/detention-info.ts';
import { apiMessages } from '#shared/messages.ts';
import { caseFingerprint, searchFingerprint } from '#server/desk/audit.ts';
import { ackTokenIn, MEXICO, personWithConfirmedContacts } from '#test/support/alert-people.ts';
import { mailsTo } from '#test/support/contact-mail.ts';
import { DURESS_PIN, setPins } from '#test/support/pins.ts';
import { staffBearer, type StaffBearer } from '#test/support/staff.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

const DAY = 24 * 60 * 60_000;

describe('what staff see and do with a case', () => {
  let t: TestApp;
  let responder: StaffBearer;
  let admin: StaffBearer;
  beforeAll(async () => {
    t = await createTestApp();
    responder = await staffBearer(t, { role: 'responder', email: 'ana@firma.example' });
    admin = await staffBearer(t, { role: 'admin', email: 'jefa@firma.example' });
  });
  afterAll(() => t.close());

  const desk = (who: StaffBearer, method: string, path: string, body?: unknown) =>
    t.call(method, `desk/${path}`, { token: who.token, body });
  const press = (me: Session, position = MEXICO) =>
    t.call('PUT', 'active-button', {
      token: me.access_token,
      body: { alert_status: '1', ...position },
      headers: { 'idempotency-key': randomUUID() },
    });
  const end = (me: Session, pin?: string) =>
    t.call('PUT', 'active-button', {
      token: me.access_token,
      body: { alert_status: '2', ...MEXICO, ...(pin ? { pin } : {}) },
      headers: { 'idempotency-key': randomUUID() },
    });
  /** A person with one confirmed contact who pressed SOS; consenting unless said otherwise. */
  async function pressed(tag: string, { consent = true, before = async (_me: Session) => {} } = {}) {
    const { me } = await personWithConfirmedContacts(t, tag, [['Luis', 'Díaz']]);
    await before(me);
    if (consent)
      expect(
        (await t.call('PUT', 'profile/firm-consent', { token: me.access_token, body: { share: true } })).status,
      ).toBe(200);
    const reply = await press(me);
    expect(reply.status).toBe(200);
    return { me, alertId: (reply.body.message as { alert_id: string }).alert_id };
  }
  const cards = async () => (await desk(responder, 'GET', 'alerts')).body.message as DeskAlertCard[];

  it("lists a consenting client's alert with name, phone, times, position and contacts, and never an unconsented one", async () => {
    const { me, alertId } = await pressed('rosa');
    const hidden = await pressed('nadie', { consent: false });
    await t.drainOutbox();
    const list = await cards();
    expect(list.map((card) => card.id)).toContain(alertId);
    expect(list.map((card) => card.id)).not.toContain(hidden.alertId);
    const card = list.find((one) => one.id === alertId)!;
    expect(card).toEqual({
      id: alertId,
      client: { id: me.id, name: 'Rosa Prueba', phone: '+13055550123' },
      trigger: 'press',
      pressed_at: expect.any(String) as string,
      timezone: MEXICO.timezone,
      position: {
        latitude: MEXICO.latitude,
        longitude: MEXICO.longitude,
        at: expect.any(String) as string,
        accuracy: null,
      },
      contacts: [{ name: 'Luis Díaz', state: 'sent', acknowledged_at: null }],
      possible_coercion: false,
      active: true,
      attending: null,
      closed: null,
    });
    for (const path of [`alerts/${hidden.alertId}`, `alerts/${hidden.alertId}/claim`])
      expect((await desk(responder, path.endsWith('claim') ? 'POST' : 'GET', path)).status, path).toBe(404);
    expect((await desk(responder, 'GET', 'clients?q=nadie')).body.message).toEqual([]);
  });

  it('gives one winner when two staff press Atender at once, and every desk then sees who attends', async () => {
    const { alertId } = await pressed('carrera');
    const other = await staffBearer(t, { role: 'responder', email: 'beto@firma.example' });
    const replies = await Promise.all([
      desk(responder, 'POST', `alerts/${alertId}/claim`),
      desk(other, 'POST', `alerts/${alertId}/claim`),
      desk(admin, 'POST', `alerts/${alertId}/claim`),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409, 409]);
    const winner = [responder, other, admin][replies.findIndex((reply) => reply.status === 200)]!;
    for (const reply of replies.filter((one) => one.status === 409))
      expect(reply.body).toEqual({ success: false, message: deskMessages.claimedByOther(winner.email) });
    const card = (await cards()).find((one) => one.id === alertId)!;
    expect(card.attending).toEqual({
      staff_id: winner.staffId,
      email: winner.email,
      since: expect.any(String) as string,
    });
    const { rows } = await t.pool.query(
      `select count(*)::int as n from alert_events where alert_ids @> array[$1]::uuid[] and kind = 'desk-claimed'`,
      [alertId],
    );
    expect(rows[0]).toEqual({ n: 1 });
    // The winner pressing again is no error.
    expect((await desk(winner, 'POST', `alerts/${alertId}/claim`)).status).toBe(200);
  });

  it('keeps the case: timeline, notes, actions, and Cerrar caso with an outcome, once', async () => {
    const { alertId } = await pressed('caso');
    expect((await desk(responder, 'POST', `alerts/${alertId}/claim`)).status).toBe(200);
    expect((await desk(responder, 'POST', `alerts/${alertId}/notes`, { text: 'Su hermano no contesta.' })).status).toBe(
      200,
    );
    expect(
      (
        await desk(responder, 'POST', `alerts/${alertId}/actions`, {
          action: 'Busqué en el localizador de ICE',
          text: '',
        })
      ).status,
    ).toBe(200);
    const badAction = await desk(responder, 'POST', `alerts/${alertId}/actions`, { action: 'Otra cosa' });
    expect(badAction).toMatchObject({ status: 422, body: { errors: { action: [deskMessages.actionInvalid] } } });
    expect(await desk(responder, 'POST', `alerts/${alertId}/notes`, { text: '  ' })).toMatchObject({
      status: 422,
      body: { errors: { text: [deskMessages.noteRequired] } },
    });
    const closed = await desk(responder, 'POST', `alerts/${alertId}/close`, {
      outcome: 'A salvo',
      text: 'Llamó ella.',
    });
    expect(closed).toMatchObject({
      status: 200,
      body: { message: { closed: { outcome: 'A salvo', by: 'ana@firma.example', note: 'Llamó ella.' } } },
    });
    expect(await desk(responder, 'POST', `alerts/${alertId}/close`, { outcome: 'Falsa alarma' })).toMatchObject({
      status: 409,
      body: { message: deskMessages.alreadyClosed },
    });
    const view = (await desk(responder, 'GET', `alerts/${alertId}`)).body.message as DeskCase;
    expect(
      view.timeline.map((line) => [line.kind, line.staff_email ?? null, line.action ?? null, line.text ?? null]),
    ).toEqual(
      [
        ['alert-started', null, null, null],
        ['delivery-sent', null, null, null],
        ['desk-claimed', 'ana@firma.example', null, null],
        ['desk-note', 'ana@firma.example', null, 'Su hermano no contesta.'],
        ['desk-action', 'ana@firma.example', 'Busqué en el localizador de ICE', ''],
        ['desk-closed', 'ana@firma.example', 'A salvo', null],
      ].filter(([kind]) => kind !== 'delivery-sent' || view.timeline.some((line) => line.kind === 'delivery-sent')),
    );
    expect(view.detention_info).toBeNull();
  });

  it("says 'posible coacción' when the alert was ended with the duress PIN, and keeps showing it", async () => {
    const { me, alertId } = await pressed('coaccion');
    await setPins(t, me);
    expect((await end(me, DURESS_PIN)).status).toBe(200);
    const card = (await cards()).find((one) => one.id === alertId)!;
    expect(card).toMatchObject({ possible_coercion: true, coercion_on: 'alert', active: true });
  });

  it("names the check-in, not the alert, when the duress PIN closed the check-in ('Estoy bien'), on the card and the timeline", async () => {
    const { me } = await personWithConfirmedContacts(t, 'coaccion-cita', [['Luis', 'Díaz']]);
    await setPins(t, me);
    expect(
      (await t.call('PUT', 'profile/firm-consent', { token: me.access_token, body: { share: true } })).status,
    ).toBe(200);
    const dueAt = new Date(t.clock.now().getTime() + 60 * 60_000).toISOString();
    const set = await t.call('POST', 'check-ins', {
      token: me.access_token,
      body: { purpose: 'cita-inmigracion', place: '26 Federal Plaza', due_at: dueAt, ...MEXICO },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(set.status).toBe(200);
    const closed = await t.call('PUT', 'check-ins/current', {
      token: me.access_token,
      body: { action: 'ok', pin: DURESS_PIN },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(closed.status).toBe(200);
    const { rows } = await t.pool.query<{ id: string }>(
      `select a.id from alerts a join users u on u.id = a.user_id where u.email = $1 and a.status = 'active'`,
      ['coaccion-cita@example.com'],
    );
    const card = (await cards()).find((one) => one.id === rows[0]?.id);
    expect(card).toMatchObject({ possible_coercion: true, coercion_on: 'check-in', active: true });
    const view = (await desk(responder, 'GET', `alerts/${card!.id}`)).body.message as DeskCase;
    expect(view.timeline.filter((line) => line.duress).map((line) => line.kind)).toEqual([
      'check-in-fired',
      'check-in-closed',
    ]);
  });

  it('shows the detention information only when the person chose the firm for it, A-number and country first', async () => {
    const info = {
      ...EMPTY_DETENTION_INFO,
      legal_name: 'Rosa Prueba',
      a_number: 'A123456789',
      birth_country: 'México',
    };
    const { me, alertId } = await pressed('detenida', {
      before: async (person) => {
        const saved = await t.call('PUT', 'profile/detention-info', { token: person.access_token, body: info });
        expect(saved.status).toBe(200);
      },
    });
    expect(((await desk(responder, 'GET', `alerts/${alertId}`)).body.message as DeskCase).detention_info).toBeNull();
    await t.call('PUT', 'profile/firm-consent', {
      token: me.access_token,
      body: { share: true, detention_info: true },
    });
    const shown = ((await desk(responder, 'GET', `alerts/${alertId}`)).body.message as DeskCase).detention_info!;
    expect(Object.keys(shown).slice(0, 2)).toEqual(['a_number', 'birth_country']);
    // The country as the locator lists it, ready to pick there.
    expect(shown).toMatchObject({ a_number: '123456789', birth_country: 'Mexico', legal_name: 'Rosa Prueba' });
  });

  it('finds consenting clients by name or phone digits, and writes each search and each case opened to the audit log', async () => {
    const { alertId } = await pressed('buscada');
    const byName = (await desk(responder, 'GET', 'clients?q=rosa%20prue')).body.message as { id: string }[];
    expect(byName.length).toBeGreaterThan(0);
    const byPhone = await desk(responder, 'GET', `clients?q=${encodeURIComponent('(305) 555-0123')}`);
    expect(byPhone.body.message).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ phone: '+13055550123', recent_alerts: expect.any(Array) as unknown }),
      ]),
    );
    expect(await desk(responder, 'GET', 'clients?q=a')).toMatchObject({
      status: 422,
      body: { errors: { q: [deskMessages.searchTooShort] } },
    });
    await desk(responder, 'GET', `alerts/${alertId}`);
    const log = (await desk(admin, 'GET', 'audit')).body.message as DeskAuditLine[];
    const fingerprint = (text: string) => searchFingerprint(t.config.secret, text);
    expect(log.slice(0, 3).map(({ id: _id, at: _at, ...line }) => line)).toEqual([
      {
        action: 'case-opened',
        staff_email: 'ana@firma.example',
        query_hash: null,
        alert_ref: caseFingerprint(t.config.secret, alertId),
        alert_id: alertId,
        results: null,
        subject_email: null,
      },
      {
        action: 'search',
        staff_email: 'ana@firma.example',
        query_hash: fingerprint('3055550123'),
        alert_ref: null,
        alert_id: null,
        results: (byPhone.body.message as DeskClient[]).length,
        subject_email: null,
      },
      {
        action: 'search',
        staff_email: 'ana@firma.example',
        query_hash: fingerprint('Rosa  Prue'),
        alert_ref: null,
        alert_id: null,
        results: byName.length,
        subject_email: null,
      },
    ]);
    // The log keeps no searched text, yet an admin can still ask whether a name or phone was searched.
    const { rows } = await t.pool.query<{ line: string }>(
      `select row_to_json(desk_audit)::text as line from desk_audit`,
    );
    for (const { line } of rows)
      for (const typed of ['rosa prue', 'Rosa', '3055550123', '555-0123']) expect(line).not.toContain(typed);
    const asked = (await desk(admin, 'GET', `audit?q=${encodeURIComponent('+1 305 555 0123')}`)).body
      .message as DeskAuditLine[];
    expect(asked.map((line) => [line.action, line.query_hash])).toEqual([['search', fingerprint('3055550123')]]);
    const byFullName = (await desk(admin, 'GET', `audit?q=${encodeURIComponent('Rosa Prueba')}`)).body
      .message as DeskAuditLine[];
    expect(byFullName.map((line) => line.query_hash)).toEqual([fingerprint('rosa prue')]);
    const csv = await t.app.request(`/api/desk/audit.csv?zona=${encodeURIComponent('America/Mexico_City')}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const bytes = new Uint8Array(await csv.arrayBuffer());
    // The byte order mark tells a spreadsheet the file is UTF-8 (a decoder drops it again).
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Fecha y hora (America/Mexico_City),Quién,Qué,Caso');
    // The two look-ups above are the newest lines; then the case Ana opened.
    expect(lines.slice(1, 4).map((line) => line.split(',').slice(1))).toEqual([
      ['jefa@firma.example', 'Comprobó si alguien buscó a una persona (1 búsqueda encontrada)', ''],
      ['jefa@firma.example', 'Comprobó si alguien buscó a una persona (1 búsqueda encontrada)', ''],
      ['ana@firma.example', 'Abrió un caso', alertId],
    ]);
    expect(
      await t.app.request('/api/desk/audit.csv?zona=Marte%2FOlimpo', {
        headers: { authorization: `Bearer ${admin.token}` },
      }),
    ).toMatchObject({ status: 422 });
  });

  it('keeps responders out of the audit log, and the log refuses UPDATE, DELETE and TRUNCATE', async () => {
    for (const path of ['audit', 'audit.csv'])
      expect(
        (await t.app.request(`/api/desk/${path}`, { headers: { authorization: `Bearer ${responder.token}` } })).status,
        path,
      ).toBe(403);
    await desk(responder, 'GET', 'clients?q=rosa');
    await expect(t.pool.query(`update desk_audit set query_hash = 'nada'`)).rejects.toThrow(/append-only/);
    await expect(t.pool.query(`delete from desk_audit`)).rejects.toThrow(/append-only/);
    await expect(t.pool.query(`truncate desk_audit`)).rejects.toThrow(/append-only/);
    const { rows } = await t.pool.query(`select count(*)::int as n from desk_audit where query_hash = $1`, [
      searchFingerprint(t.config.secret, 'rosa'),
    ]);
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('answers 404 for an unknown or malformed case, never a 500', async () => {
    expect(await desk(responder, 'GET', `alerts/${randomUUID()}`)).toMatchObject({
      status: 404,
      body: { message: deskMessages.notFound },
    });
    expect((await desk(responder, 'GET', 'alerts/no-es-un-id')).status).toBe(404);
    expect((await desk(responder, 'POST', `alerts/no-es-un-id/claim`)).status).toBe(404);
    expect(apiMessages.forbidden).toBeTruthy();
  });

  it('tells the person and the contacts that the firm attends once claimed, and never the person after a duress end', async () => {
    const { me, alertId } = await pressed('atendida');
    await setPins(t, me);
    await t.drainOutbox();
    const ackToken = ackTokenIn(
      (await mailsTo(t, 'atendida-luis@example.com')).find((mail) => /SOS|alerta/i.test(mail.subject ?? '')),
    );
    const personSees = async () =>
      (await t.call('GET', 'alert-deliveries', { token: me.access_token })).body.message as {
        alert: { firm_attending?: boolean } | null;
      };
    const contactSees = async () =>
      (await t.call('GET', `ack/${ackToken}`)).body.message as { firm_attending?: boolean };
    expect((await personSees()).alert?.firm_attending).toBe(false);
    expect((await contactSees()).firm_attending).toBe(false);
    expect((await desk(responder, 'POST', `alerts/${alertId}/claim`)).status).toBe(200);
    expect((await personSees()).alert?.firm_attending).toBe(true);
    expect((await contactSees()).firm_attending).toBe(true);
    // Ended with the duress PIN: the person is shown no alert at all, as after a real end; the contacts still see the firm.
    const ended = await end(me, DURESS_PIN);
    expect(ended.status).toBe(200);
    const { contacts_told: told } = ended.body.message as { contacts_told: string };
    expect(await personSees()).toEqual({
      alert_status: false,
      alert: null,
      end_news: { alert_id: alertId, contacts_told: told },
    });
    expect((await contactSees()).firm_attending).toBe(true);
  });

  it('shows no position once the alert ended, and nothing once the retention purge passed', async () => {
    const { me, alertId } = await pressed('fin');
    expect((await desk(responder, 'POST', `alerts/${alertId}/claim`)).status).toBe(200);
    expect((await end(me)).status).toBe(200);
    const ended = (await desk(responder, 'GET', `alerts/${alertId}`)).body.message as DeskCase;
    expect(ended).toMatchObject({ active: false, position: null });
    // Still on the list: attended and not closed.
    expect((await cards()).find((one) => one.id === alertId)).toMatchObject({ active: false, position: null });
    // Last in this file: the clock moves a month on, and the staff sign in again.
    t.clock.advance((t.config.positionRetentionDays + 1) * DAY);
    responder = await staffBearer(t, { role: 'responder' });
    expect((await desk(responder, 'GET', `alerts/${alertId}`)).status).toBe(404);
    expect((await cards()).map((one) => one.id)).not.toContain(alertId);
    const found = (await desk(responder, 'GET', 'clients?q=rosa')).body.message as DeskClient[];
    expect(found.length).toBeGreaterThan(0);
    expect(found.flatMap((client) => client.recent_alerts.map((alert) => alert.id))).not.toContain(alertId);
  });
});
