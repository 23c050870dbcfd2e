import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import * as m from '#shared/field-messages.ts';
import { apiMessages } from '#shared/messages.ts';
import { signUp } from '#test/support/sign-up.ts';
import { staffBearer } from '#test/support/staff.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// Control characters (NUL first: PostgreSQL cannot store it) in any text field of
// any route are a Spanish 422 on that field, never a 500 (validate.ts).

const HOUR = 60 * 60_000;

/** Each route that takes a JSON body, with a body that would pass, built for the moment of the request. */
const routes: { method: string; path: string; bearer: boolean; body: (now: Date) => Record<string, unknown> }[] = [
  { method: 'POST', path: 'signin', bearer: false, body: () => ({ email: 'ana@example.com' }) },
  { method: 'POST', path: 'verify', bearer: false, body: () => ({ email: 'ana@example.com', code: '1234' }) },
  {
    method: 'POST',
    path: 'signup',
    bearer: false,
    body: () => ({
      email: 'ana@example.com',
      code: '1234',
      firstname: 'Ana',
      lastname: 'Mora',
      phone: '+13055550123',
      terms: true,
    }),
  },
  {
    method: 'PUT',
    path: 'profile',
    bearer: true,
    body: () => ({ firstname: 'Ana', lastname: 'Mora', phone: '+13055550123' }),
  },
  {
    method: 'POST',
    path: 'contacts',
    bearer: true,
    body: () => ({
      firstname: 'Luis',
      lastname: 'Mora',
      email: 'luis@example.com',
      phone: '+13055550111',
      kinship: 'Hermano',
      language: 'es',
    }),
  },
  {
    method: 'PUT',
    path: 'profile/detention-info',
    bearer: true,
    body: () => ({ legal_name: 'Ana Mora', children_pickup: 'Mi hermana\nLuz', medicines: 'ninguna' }),
  },
  {
    method: 'POST',
    path: 'check-ins',
    bearer: true,
    body: (now) => ({
      purpose: 'Cita en la corte',
      place: 'Calle 8',
      due_at: new Date(now.getTime() + HOUR).toISOString(),
      timezone: 'America/New_York',
    }),
  },
  {
    method: 'PUT',
    path: 'active-button',
    bearer: true,
    body: () => ({ alert_status: '1', latitude: '19.4326', longitude: '-99.1332', timezone: 'America/Mexico_City' }),
  },
  { method: 'PUT', path: 'profile/pins', bearer: true, body: () => ({ pin: '1234', duress_pin: '5678' }) },
  { method: 'POST', path: 'unsubscribe', bearer: false, body: () => ({ token: 'a'.repeat(43) }) },
];

/** Each route that reads a query string, with a value that would pass for each name it reads, and who may ask. */
const queryRoutes: { path: string; staff: boolean; query: Record<string, string> }[] = [
  { path: 'contacts', staff: false, query: { _page: '1', _limit: '10', _sort: 'firstname', _order: 'asc' } },
  { path: 'desk/clients', staff: true, query: { q: 'Mora' } },
  { path: 'desk/audit', staff: true, query: { q: 'Mora' } },
  { path: 'desk/audit.csv', staff: true, query: { zona: 'America/New_York' } },
  { path: 'desk/push/subscriptions', staff: true, query: { endpoint: 'https://push.example/telefono/1' } },
];

const controlCharacter = fc
  .oneof(
    fc.integer({ min: 0, max: 8 }),
    fc.constantFrom(11, 12),
    fc.integer({ min: 14, max: 31 }),
    fc.integer({ min: 127, max: 159 }),
  )
  .map((code) => String.fromCharCode(code));

describe('control characters in text fields', () => {
  let t: TestApp;
  let me: Session;
  beforeAll(async () => {
    t = await createTestApp();
    me = await signUp(t, 'control@example.com');
  });
  afterAll(() => t.close());

  const send = (route: (typeof routes)[number], body: unknown) =>
    t.call(route.method, route.path, {
      ...(route.bearer ? { token: me.access_token } : {}),
      body,
      headers: { 'idempotency-key': crypto.randomUUID() },
    });

  it("a NUL in a check-in's place: a Spanish 422 on the place, nothing stored", async () => {
    const reply = await send(
      routes.find((route) => route.path === 'check-ins')!,
      { ...routes[6]!.body(t.clock.now()), place: 'Calle\u00008' },
    );
    expect({ status: reply.status, body: reply.body }).toEqual({
      status: 422,
      body: { success: false, message: apiMessages.invalidData, errors: { place: [m.controlCharacters] } },
    });
    const { rows } = await t.pool.query('select count(*)::int as n from check_ins');
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('any control character anywhere in any text field of any route: 422 on that field', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.nat(), fc.nat(), controlCharacter, async (routeIndex, fieldIndex, at, hidden) => {
        const route = routes[routeIndex % routes.length]!;
        const body = route.body(t.clock.now());
        const fields = Object.keys(body).filter((key) => typeof body[key] === 'string');
        const field = fields[fieldIndex % fields.length]!;
        const value = body[field] as string;
        const position = at % (value.length + 1);
        const reply = await send(route, {
          ...body,
          [field]: value.slice(0, position) + hidden + value.slice(position),
        });
        expect({ route: route.path, status: reply.status, errors: reply.body.errors }).toEqual({
          route: route.path,
          status: 422,
          errors: { [field]: [m.controlCharacters] },
        });
      }),
      { numRuns: 60 },
    );
  });

  it('any control character in any value of any query string: 422 on that name, never a 500', async () => {
    const admin = await staffBearer(t, { role: 'admin' });
    for (const route of queryRoutes) {
      // The CSV answers text: its status is what counts here.
      const plain = await t.app.request(`/api/${route.path}?${new URLSearchParams(route.query)}`, {
        headers: { authorization: `Bearer ${route.staff ? admin.token : me.access_token}` },
      });
      expect({ route: route.path, status: plain.status }).toEqual({ route: route.path, status: 200 });
    }
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.nat(), fc.nat(), controlCharacter, async (routeIndex, nameIndex, at, hidden) => {
        const route = queryRoutes[routeIndex % queryRoutes.length]!;
        const names = Object.keys(route.query);
        const name = names[nameIndex % names.length]!;
        const value = route.query[name]!;
        const position = at % (value.length + 1);
        const query = { ...route.query, [name]: value.slice(0, position) + hidden + value.slice(position) };
        const reply = await t.call('GET', `${route.path}?${new URLSearchParams(query)}`, {
          token: route.staff ? admin.token : me.access_token,
        });
        expect({ route: route.path, status: reply.status, body: reply.body }).toEqual({
          route: route.path,
          status: 422,
          body: { success: false, message: apiMessages.invalidData, errors: { [name]: [m.controlCharacters] } },
        });
      }),
      { numRuns: 60 },
    );
  });

  it('tabs and line breaks are text: a note on two lines is kept', async () => {
    const body = { legal_name: 'Ana Mora', children_pickup: 'Mi hermana\r\nLuz\tMora' };
    const reply = await t.call('PUT', 'profile/detention-info', { token: me.access_token, body });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toMatchObject(body);
  });

  it("a contact's address mixing scripts ('аlice' with a Cyrillic а) is refused; one script per part is fine", async () => {
    const contact = (email: string) => ({
      firstname: 'Alicia',
      lastname: 'Mora',
      email,
      phone: '+13055550111',
      kinship: 'Hermana',
    });
    const mixed = await t.call('POST', 'contacts', { token: me.access_token, body: contact('\u0430lice@example.com') });
    expect({ status: mixed.status, body: mixed.body }).toEqual({
      status: 422,
      body: { success: false, message: apiMessages.invalidData, errors: { email: [m.emailMixedScripts] } },
    });
    const mixedDomain = await t.call('POST', 'contacts', {
      token: me.access_token,
      body: contact('alice@ex\u0430mple.com'),
    });
    expect(mixedDomain.body.errors).toEqual({ email: [m.emailMixedScripts] });
    for (const email of ['ñandú@ejemplo.com', 'иван@пример.рф', 'alice@example.com']) {
      expect((await t.call('POST', 'contacts', { token: me.access_token, body: contact(email) })).status).toBe(200);
    }
  });
});
