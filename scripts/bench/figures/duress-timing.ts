import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { PIN_HEADER } from '#shared/api/pins.ts';
import type { BenchContext, Measurement } from '../types.ts';
import { startLoadServer } from '../load/load-server.ts';
import { seedPeople, type SeededPerson } from '../load/seed-people.ts';
import { bestThresholdAccuracy, crossValidatedThresholdAccuracy } from '../load/threshold-accuracy.ts';

const FIGURE = '15. Duress PIN timing';

const PIN = '2468';
const DURESS_PIN = '1357';
const MEXICO = { latitude: '19.4326', longitude: '-99.1332', timezone: 'America/Mexico_City' };
const MINUTE = 60_000;

/** One account of the pair: the same actions, one always with the real PIN, the other always with the duress PIN. */
type Account = { person: SeededPerson; pin: string; contactId: string };
type Call = { method: string; path: string; body?: unknown; pin?: string; keyed?: boolean };

/**
 * A PIN-checking route as the person's app calls it: `prepare` (untimed) puts the
 * account where the action can be asked again (an alert to end, a contact to
 * unmark...), then `call` is the one timed request.
 */
type Route = {
  name: string;
  /** What is on while the route is asked: the guarded routes ask for a PIN only then. */
  on: 'alert' | 'check-in' | 'nothing';
  prepare?: (a: Account) => Call[];
  call: (a: Account, n: number) => Call;
  /** Untimed, after the try: what puts the account back (a contact added again takes the id the reply gives). */
  after?: (a: Account) => Call;
};

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();
const checkIn: Call = {
  method: 'POST',
  path: 'check-ins',
  body: { purpose: 'cita-inmigracion', place: 'Oficina', due_at: inMinutes(600), timezone: MEXICO.timezone },
  keyed: true,
};
const press = (status: '1' | '2', pin?: string): Call => ({
  method: 'PUT',
  path: 'active-button',
  body: { alert_status: status, ...MEXICO, ...(pin ? { pin } : {}) },
  keyed: true,
});
const setPins = (current?: string): Call => ({
  method: 'PUT',
  path: 'profile/pins',
  body: { pin: PIN, duress_pin: DURESS_PIN, ...(current ? { current_pin: current } : {}) },
});
const packet = { legal_name: 'Rosa Prueba', lawyer_name: 'Lic. Pérez' };

/** Every route that checks a PIN, but DELETE /profile (the real PIN signs every device out: the pair could not go on). */
const ROUTES: Route[] = [
  { name: 'PUT active-button: end', on: 'nothing', prepare: () => [press('1')], call: (a) => press('2', a.pin) },
  {
    name: "PUT check-ins/current: 'Estoy bien'",
    on: 'nothing',
    prepare: () => [checkIn],
    call: (a) => ({ method: 'PUT', path: 'check-ins/current', body: { action: 'ok', pin: a.pin }, keyed: true }),
  },
  {
    name: "PUT check-ins/current: 'Necesito más tiempo'",
    on: 'check-in',
    call: (a, n) => ({
      method: 'PUT',
      path: 'check-ins/current',
      body: { action: 'extend', due_at: inMinutes(660 + n), pin: a.pin },
      keyed: true,
    }),
  },
  { name: 'PUT profile/pins: change', on: 'nothing', call: (a) => setPins(a.pin) },
  {
    name: 'DELETE profile/pins',
    on: 'nothing',
    call: (a) => ({ method: 'DELETE', path: 'profile/pins', body: { pin: a.pin } }),
    // After a real deletion no PINs are set; after a duress one none are shown: either way, set again without one.
    after: () => setPins(),
  },
  // The guarded routes, while an alert is on (started before them, once).
  {
    name: 'PATCH contacts/:id: unmark',
    on: 'alert',
    prepare: (a) => [{ method: 'PATCH', path: `contacts/${a.contactId}`, body: { receives_detention_info: true } }],
    call: (a) => ({
      method: 'PATCH',
      path: `contacts/${a.contactId}`,
      body: { receives_detention_info: false },
      pin: a.pin,
    }),
  },
  {
    name: 'DELETE contacts/:id',
    on: 'alert',
    call: (a) => ({ method: 'DELETE', path: `contacts/${a.contactId}`, pin: a.pin }),
    after: (a) => ({
      method: 'POST',
      path: 'contacts',
      body: {
        firstname: 'Contacto',
        lastname: 'Pruebas',
        email: a.person.contactEmails[0],
        phone: '+13055550101',
        kinship: 'Hermana',
        language: 'es',
      },
    }),
  },
  {
    name: 'PUT profile/detention-info',
    on: 'alert',
    call: (a) => ({ method: 'PUT', path: 'profile/detention-info', body: packet, pin: a.pin }),
  },
  {
    name: 'DELETE profile/detention-info',
    on: 'alert',
    prepare: (a) => [{ method: 'PUT', path: 'profile/detention-info', body: packet, pin: a.pin }],
    call: (a) => ({ method: 'DELETE', path: 'profile/detention-info', pin: a.pin }),
  },
  {
    name: 'PUT profile/firm-consent: off',
    on: 'alert',
    prepare: () => [{ method: 'PUT', path: 'profile/firm-consent', body: { share: true, detention_info: true } }],
    call: (a) => ({ method: 'PUT', path: 'profile/firm-consent', body: { share: false }, pin: a.pin }),
  },
  {
    name: 'POST profile/sessions/revoke-others',
    on: 'alert',
    call: (a) => ({ method: 'POST', path: 'profile/sessions/revoke-others', pin: a.pin }),
  },
];

async function send(baseUrl: string, account: Account, call: Call): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { authorization: `Bearer ${account.person.accessToken}` };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  if (call.pin) headers[PIN_HEADER] = call.pin;
  if (call.keyed) headers['idempotency-key'] = randomUUID();
  const res = await fetch(`${baseUrl}/api/${call.path}`, {
    method: call.method,
    headers,
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

async function sendOk(baseUrl: string, account: Account, call: Call): Promise<unknown> {
  const reply = await send(baseUrl, account, call);
  // Never the body in an error: it may name a contact.
  if (reply.status !== 200) throw new Error(`${call.method} ${call.path} answered ${reply.status}`);
  return (reply.body as { message: unknown }).message;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((p, q) => p - q);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Figure 15: each route that checks a PIN is asked on two accounts alike, one with
 * the real PIN and one with the duress PIN, turn about (real, duress, real...), so
 * that whatever else the machine does falls on both alike. How well one try's
 * time tells the PINs apart is the accuracy of a single threshold chosen on half
 * the tries and judged on the other half, both ways round (2-fold
 * cross-validation, threshold-accuracy.ts): a threshold judged on the tries it was
 * chosen on flatters itself. Above 60% the row fails.
 */
export async function duressTimingFigures(bench: BenchContext): Promise<Measurement[]> {
  const tries = bench.quick ? 30 : 100;
  const server = await startLoadServer();
  const rows: Measurement[] = [];
  try {
    for (const route of ROUTES) {
      // A fresh pair a route: what one route leaves behind never weighs on the next.
      const people = await seedPeople(server.db, 2, 2);
      const accounts: Account[] = [];
      for (const [n, person] of people.entries()) {
        const account: Account = { person, pin: n === 0 ? PIN : DURESS_PIN, contactId: '' };
        await sendOk(server.app.url, account, setPins());
        const contacts = (await sendOk(server.app.url, account, { method: 'GET', path: 'contacts' })) as {
          id: string;
        }[];
        account.contactId = contacts[0]!.id;
        if (route.on !== 'nothing') await sendOk(server.app.url, account, route.on === 'alert' ? press('1') : checkIn);
        accounts.push(account);
      }
      const times: [number[], number[]] = [[], []];
      for (let n = 0; n < tries; n += 1) {
        for (const [which, account] of accounts.entries()) {
          for (const call of route.prepare?.(account) ?? []) await sendOk(server.app.url, account, call);
          const call = route.call(account, n);
          const begun = performance.now();
          const reply = await send(server.app.url, account, call);
          times[which as 0 | 1].push(performance.now() - begun);
          if (reply.status !== 200) throw new Error(`${route.name} answered ${reply.status}`);
          const back =
            route.after && ((await sendOk(server.app.url, account, route.after(account))) as { id?: string });
          if (back && typeof back === 'object' && back.id) account.contactId = back.id;
        }
      }
      const [real, duress] = times;
      const accuracy = crossValidatedThresholdAccuracy(real, duress);
      rows.push({
        figure: FIGURE,
        what: `${route.name}: one try tells the PINs apart`,
        unit: '%',
        samples: [100 * accuracy],
        budget: { max: 60 },
        note: `${tries} tries a PIN on two accounts alike, real and duress in turn; the accuracy of the best single threshold chosen on half the tries, judged on the other half, both ways round (chosen and judged on all of them: ${(100 * bestThresholdAccuracy(real, duress)).toFixed(1)}%); real median ${median(real).toFixed(1)} ms, duress ${median(duress).toFixed(1)} ms`,
      });
    }
  } finally {
    await server.stop();
  }
  return rows;
}
