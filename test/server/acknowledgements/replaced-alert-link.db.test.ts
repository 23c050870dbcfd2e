import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import type { AckView } from '#shared/api/deliveries.ts';
import { step, type AlertEvent, type AlertPhase } from '#server/alerts/lifecycle.ts';
import { createCheckInWorker } from '#server/check-ins/check-in-worker.ts';
import {
  ackTokenIn,
  alertState,
  MEXICO,
  personWithConfirmedContacts,
  press,
  statesOf,
} from '#test/support/alert-people.ts';
import { mailsTo } from '#test/support/contact-mail.ts';
import { DURESS_PIN, PIN, setPins } from '#test/support/pins.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// Every path on which a person's alert gives way to a fresh one while the danger goes on (the
// lifecycle's 'retire-hidden': a press, or a check-in falling due, after an end with the duress PIN).
// The contacts were never told that the first alert ended, so its 'Lo tengo' link must not say
// 'ya finalizó': it shows the alert on now, as that alert's own link shows it, and its 'Lo tengo'
// answers that alert (docs/decisions/047).

const MINUTE = 60_000;

type Ctx = { t: TestApp; me: Session };
type Step = (ctx: Ctx) => Promise<void>;

const inMinutes = (t: TestApp, minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE).toISOString();
const ok = (reply: { status: number; body: unknown }) => expect(reply).toMatchObject({ status: 200 });

const pins: Step = ({ t, me }) => setPins(t, me);
const sos: Step = async ({ t, me }) => ok(await press(t, me, { alert_status: '1', ...MEXICO }));
const end =
  (pin: string): Step =>
  async ({ t, me }) =>
    ok(await press(t, me, { alert_status: '2', ...MEXICO, pin }));
const checkInFor =
  (minutes: number): Step =>
  async ({ t, me }) =>
    ok(
      await t.call('POST', 'check-ins', {
        token: me.access_token,
        body: { purpose: 'cita-inmigracion', place: '26 Federal Plaza', due_at: inMinutes(t, minutes), ...MEXICO },
        headers: { 'idempotency-key': randomUUID() },
      }),
    );
const extendWithDuressPin =
  (minutes: number): Step =>
  async ({ t, me }) =>
    ok(
      await t.call('PUT', 'check-ins/current', {
        token: me.access_token,
        body: { action: 'extend', due_at: inMinutes(t, minutes), pin: DURESS_PIN },
        headers: { 'idempotency-key': randomUUID() },
      }),
    );
/** 70 minutes on, and the check-in worker's tick: a deadline of 60 minutes (or its grace) has passed. */
const checkInWorkerLater: Step = async ({ t }) => {
  t.clock.advance(70 * MINUTE);
  await createCheckInWorker({ db: t.db, clock: t.clock, config: t.config, log: t.log }).tick();
};

/** Each path: what makes the first alert and its link, then what replaces it. */
const PATHS: { name: string; step: string; before: Step[]; replace: Step[] }[] = [
  {
    name: 'a press after an end with the duress PIN',
    step: 'hidden + press',
    before: [pins, sos, end(DURESS_PIN)],
    replace: [sos],
  },
  {
    name: 'a check-in falling due after an end with the duress PIN',
    step: 'hidden + check-in-fire',
    before: [pins, sos, end(DURESS_PIN), checkInFor(60)],
    replace: [checkInWorkerLater],
  },
  {
    name: "the deadline 'Necesito más tiempo' with the duress PIN showed the person",
    step: 'hidden + check-in-shown-fire',
    before: [pins, checkInFor(60), extendWithDuressPin(90)],
    // The first tick passes the real deadline (fired already), the second the one shown (90 minutes).
    replace: [checkInWorkerLater, checkInWorkerLater],
  },
  {
    name: 'two presses, each after an end with the duress PIN',
    step: 'hidden + press',
    before: [pins, sos, end(DURESS_PIN)],
    replace: [sos, end(DURESS_PIN), sos],
  },
];

/** The token of the newest e-mail to `email` that carries a 'Lo tengo' link. */
async function newestLink(t: TestApp, email: string): Promise<string> {
  const mails = (await mailsTo(t, email)).filter((mail) => /\/web\/active\/ack\//.test(mail.text ?? ''));
  return ackTokenIn(mails.at(-1));
}

const view = (reply: { body: { message: unknown } }) => reply.body.message as AckView;

const PHASES: AlertPhase[] = ['none', 'on', 'hidden', 'revealed'];
const EVENTS: AlertEvent[] = [
  'press',
  'end',
  'duress-end',
  'practice',
  'check-in-fire',
  'check-in-forced-fire',
  'check-in-shown-fire',
];

describe("the 'Lo tengo' link of an alert that gave way to a fresh one", () => {
  it("covers every step of the alert's lifecycle that replaces an alert", () => {
    const replacing = PHASES.flatMap((phase) =>
      EVENTS.filter((event) => step(phase, event).effects.includes('retire-hidden')).map(
        (event) => `${phase} + ${event}`,
      ),
    );
    expect(replacing.sort()).toEqual([...new Set(PATHS.map((path) => path.step))].sort());
  });

  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(PATHS.map((path, index) => ({ ...path, tag: `reemplazo${index}` })))(
    "after $name: shows the alert on now, and its 'Lo tengo' answers that alert",
    async ({ before, replace, tag }) => {
      const { me, emails } = await personWithConfirmedContacts(t, tag, [['Luis', 'Díaz']]);
      const luis = emails[0]!;
      for (const act of before) await act({ t, me });
      const oldLink = await newestLink(t, luis);
      for (const act of replace) await act({ t, me });
      const freshLink = await newestLink(t, luis);
      expect(freshLink).not.toBe(oldLink);

      const fresh = view(await t.call('GET', `ack/${freshLink}`));
      const old = view(await t.call('GET', `ack/${oldLink}`));
      // The old link reads as the fresh one's own, and says that it took over.
      expect({ old, fresh }).toEqual({
        old: { ...fresh, replaced: true },
        fresh: expect.objectContaining({ status: 'active', acknowledged_at: null }),
      });
      expect(fresh).not.toHaveProperty('replaced');

      // 'Lo tengo' on the old link: recorded on the fresh alert, which the person sees acknowledged.
      const pressed = await t.call('POST', 'ack', { body: { token: oldLink } });
      expect(pressed.status).toBe(200);
      const acknowledged = view(pressed);
      expect(acknowledged).toEqual({ ...old, acknowledged_at: t.clock.now().toISOString(), recorded: true });
      expect(view(await t.call('GET', `ack/${freshLink}`))).toEqual({
        ...fresh,
        acknowledged_at: acknowledged.acknowledged_at,
      });
      expect(statesOf((await alertState(t, me)).alert?.deliveries)).toEqual({ 'Luis Díaz': 'acknowledged' });
    },
  );

  it('still says that an alert ended for real ended, even once a new alert is on', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'fin-real', [['Luis', 'Díaz']]);
    await pins({ t, me });
    await sos({ t, me });
    const oldLink = await newestLink(t, emails[0]!);
    await end(PIN)({ t, me });
    await sos({ t, me });
    const old = view(await t.call('GET', `ack/${oldLink}`));
    expect({ status: old.status, replaced: old.replaced, acknowledged_at: old.acknowledged_at }).toEqual({
      status: 'ended',
      replaced: undefined,
      acknowledged_at: null,
    });
    // Its 'Lo tengo' records nothing: that alert is over, and the new one has its own link.
    expect(view(await t.call('POST', 'ack', { body: { token: oldLink } }))).toMatchObject({
      status: 'ended',
      recorded: false,
    });
    await t.drainOutbox();
    expect(statesOf((await alertState(t, me)).alert?.deliveries)).toEqual({ 'Luis Díaz': 'sent' });
  });
});
