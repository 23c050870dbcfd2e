import type { Session } from '#shared/api/auth.ts';
import type { DeskAlertCard } from '#shared/api/desk.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEXICO, personWithConfirmedContacts, press } from '#test/support/alert-people.ts';
import { shareWithFirm } from '#test/support/desk-people.ts';
import { staffBearer, type StaffBearer } from '#test/support/staff.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// The phone's accuracy (GeolocationPosition.coords.accuracy, metres) travels with the press and with
// a position update, is kept with the alert's position and reaches the desk's card. It is optional:
// an app that does not send it still starts its alert.

const ACCURACY_INVALID = 'La precisión de la ubicación no es válida';

/** Two apps on one database: the one-statement start, and one whose starter declines (the transaction path). */
describe('the accuracy of an alert’s position', () => {
  let t: TestApp;
  let oneByOne: TestApp;
  let desk: StaffBearer;
  beforeAll(async () => {
    t = await createTestApp();
    oneByOne = await createTestApp({ database: t.database, alertStarter: () => async () => undefined });
    desk = await staffBearer(t, { role: 'responder' });
  });
  afterAll(async () => {
    await oneByOne.close({ keepDatabase: true });
    await t.close();
  });

  async function sharingPerson(tag: string): Promise<Session> {
    const { me } = await personWithConfirmedContacts(t, tag, [['Luis', 'Díaz']]);
    await shareWithFirm(t, me);
    return me;
  }
  async function positionOnDesk(alertId: string): Promise<DeskAlertCard['position']> {
    const reply = await t.call('GET', `desk/alerts/${alertId}`, { token: desk.token });
    expect(reply.status).toBe(200);
    return (reply.body.message as DeskAlertCard).position;
  }
  const alertIdOf = (reply: Awaited<ReturnType<typeof press>>) => (reply.body.message as { alert_id: string }).alert_id;

  it('keeps the accuracy sent with the press, rounded up to whole metres, on either way of starting', async () => {
    for (const [app, tag] of [
      [t, 'precisa'],
      [oneByOne, 'precisa-tx'],
    ] as const) {
      const me = await sharingPerson(tag);
      const reply = await press(app, me, { alert_status: '1', ...MEXICO, accuracy: 35.2 });
      expect(reply.status, tag).toBe(200);
      expect(await positionOnDesk(alertIdOf(reply)), tag).toEqual({
        latitude: MEXICO.latitude,
        longitude: MEXICO.longitude,
        at: expect.any(String) as string,
        accuracy: 36,
      });
    }
  });

  it('takes a press without accuracy, as older apps send it: the desk says it was not given', async () => {
    const me = await sharingPerson('antigua');
    const reply = await press(t, me, { alert_status: '1', ...MEXICO });
    expect(reply.status).toBe(200);
    expect((await positionOnDesk(alertIdOf(reply)))?.accuracy).toBeNull();
  });

  it('keeps the accuracy of a later position update, and none for an accuracy sent without a position', async () => {
    const me = await sharingPerson('tardia');
    const started = await press(t, me, { alert_status: '1', timezone: MEXICO.timezone, accuracy: 20 });
    expect(started.status).toBe(200);
    const alertId = alertIdOf(started);
    expect(await positionOnDesk(alertId)).toBeNull();
    const { rows: before } = await t.pool.query('select accuracy from alerts where id = $1', [alertId]);
    expect(before).toEqual([{ accuracy: null }]);

    expect((await press(t, me, { alert_status: '1', ...MEXICO, accuracy: 12 })).status).toBe(200);
    expect((await positionOnDesk(alertId))?.accuracy).toBe(12);
  });

  it('refuses an accuracy that is not a number of metres from 0 to 100000 with a Spanish 422, and starts nothing', async () => {
    const me = await sharingPerson('imprecisa');
    for (const accuracy of [-1, 100_001, '15', null, true]) {
      const reply = await press(t, me, { alert_status: '1', ...MEXICO, accuracy });
      expect({ status: reply.status, body: reply.body }, JSON.stringify(accuracy)).toEqual({
        status: 422,
        body: { success: false, message: expect.any(String) as string, errors: { accuracy: [ACCURACY_INVALID] } },
      });
    }
    const { rows } = await t.pool.query('select count(*)::int as alerts from alerts where user_id = $1', [me.id]);
    expect(rows).toEqual([{ alerts: 0 }]);
    // The bounds themselves are accuracies.
    expect((await press(t, me, { alert_status: '1', ...MEXICO, accuracy: 100_000 })).status).toBe(200);
    expect((await press(t, me, { alert_status: '1', ...MEXICO, accuracy: 0 })).status).toBe(200);
  });
});
