import { createStore, del, set } from 'idb-keyval';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionSchema } from '#shared/api/auth.ts';
import { contactListSchema } from '#shared/api/contacts.ts';
import { alertDeliveryStateSchema } from '#shared/api/deliveries.ts';
import { readContacts } from '#client/api/contacts.ts';
import { readAlertStatus, readEndNews } from '#client/api/alert-status.ts';
import { readHeld } from '#client/features/sos/press/held-storage.ts';
import { parseMessage } from '#client/lib/api-reply.ts';
import { readSession } from '#client/lib/session/session-refresh.ts';
import { encrypt } from '#shared/browser/aes-gcm.ts';
import { parseSessionState } from '#shared/browser/session-state.ts';
import { SOS_PAGE_QUEUE_DB } from '#shared/constants.ts';
import { validateLinkTokenSearch } from '#client/routes/web/active/link-token-search.ts';
import { aContact } from '../support/contacts.ts';
import { aSession } from '../support/session.ts';

// Home's first download (src/client/home-first-download.ts) and the stored state read a few
// shapes with src/shared/plain-data.ts, not with valibot (docs/decisions/031). These readers must
// take and refuse what the shared valibot schemas take and refuse, and return the same copy.

const { token_type: _tokenType, ...sessionWithoutTokenType } = aSession();
const sessions: unknown[] = [
  aSession(),
  sessionWithoutTokenType,
  { ...aSession(), token_type: 'Custom' },
  { ...aSession(), extra: 'dropped', nested: { a: 1 } },
  { ...aSession(), roles: ['admin', 'view'] },
  { ...aSession(), roles: ['admin', 3] },
  { ...aSession(), token_type: null },
  { ...aSession(), contacts: '1' },
  { ...aSession(), alert_status: 'true' },
  { ...aSession(), permissions: 'view' },
  (({ email: _email, ...rest }) => rest)(aSession()),
  { ...aSession(), id: null },
  null,
  'session',
  [],
  {},
];

describe('the session a refresh returns, read by hand', () => {
  it.each(sessions.map((session) => [session]))('reads %j as sessionSchema does', (session) => {
    const expected = v.safeParse(sessionSchema, session);
    expect(readSession(session)).toEqual(expected.success ? expected.output : undefined);
  });

  it('keeps no reference to the reply it read', () => {
    const reply = aSession({ roles: ['view'] });
    const read = readSession(reply);
    expect(read).not.toBe(reply);
    expect(read?.roles).not.toBe(reply.roles);
  });
});

const contactLists: unknown[] = [
  [],
  [aContact()],
  [
    aContact({ email_verified_at: '2026-01-11T09:00:00.000Z', unsubscribed_at: '2026-02-01T09:00:00.000Z' }),
    aContact({ id: 'c2' }),
  ],
  [{ ...aContact(), extra: 'dropped' }],
  [aContact(), { ...aContact(), email_verified_at: undefined }],
  [{ ...aContact(), kinship: null }],
  [(({ created_at: _created, ...rest }) => rest)(aContact())],
  [aContact(), null],
  [aContact(), 'c2'],
  'contacts',
  null,
  { 0: aContact() },
];

/** What parseMessage(contactListSchema) gives for a reply, or the error it throws. */
function withValibot(data: unknown) {
  try {
    return parseMessage(contactListSchema, data);
  } catch (error) {
    return error;
  }
}

function byHand(data: unknown) {
  try {
    return readContacts(data);
  } catch (error) {
    return error;
  }
}

describe('the contact list, read by hand', () => {
  it.each(contactLists.map((list) => [list]))(
    'reads a reply with %j as parseMessage(contactListSchema) does',
    (list) => {
      const reply = { success: true, message: list };
      expect(byHand(reply)).toEqual(withValibot(reply));
    },
  );

  it.each([[{ success: false, message: [] }], [{ message: [] }], [null], ['<html>'], [[aContact()]]])(
    'refuses %j as parseMessage does',
    (reply) => {
      expect(byHand(reply)).toEqual(withValibot(reply));
      expect(byHand(reply)).toBeInstanceOf(Error);
    },
  );
});

describe('the alert_status of the delivery state, read by hand', () => {
  /** What parseMessage(alertDeliveryStateSchema) gives for alert_status, or the error it throws. */
  function withValibot(data: unknown) {
    try {
      return parseMessage(alertDeliveryStateSchema, data).alert_status;
    } catch (error) {
      return error;
    }
  }

  function byHand(data: unknown) {
    try {
      return readAlertStatus(data);
    } catch (error) {
      return error;
    }
  }

  it.each([
    [{ alert_status: true, alert: null }],
    [{ alert_status: false, alert: null }],
    [{ alert_status: true, alert: null, extra: 1 }],
  ])('reads a reply with %j as parseMessage(alertDeliveryStateSchema) does', (message) => {
    const reply = { success: true, message };
    expect(withValibot(reply)).not.toBeInstanceOf(Error);
    expect(byHand(reply)).toEqual(withValibot(reply));
  });

  it.each([
    [{ success: true, message: { alert_status: 'true', alert: null } }],
    [{ success: true, message: { alert: null } }],
    [{ success: true, message: null }],
    [{ success: false, message: { alert_status: true, alert: null } }],
    [{ alert_status: true }],
    ['<html>'],
    [null],
  ])('refuses %j as parseMessage does', (reply) => {
    expect(byHand(reply)).toEqual(withValibot(reply));
    expect(byHand(reply)).toBeInstanceOf(Error);
  });

  it("reads only alert_status: the alert's e-mails are the delivery lists' to check", () => {
    expect(byHand({ success: true, message: { alert_status: true, alert: { deliveries: 'unread' } } })).toBe(true);
  });

  it.each([
    [{ alert_status: false, alert: null, end_news: { alert_id: 'a1', contacts_told: 'none' } }],
    [{ alert_status: false, alert: null, end_news: { alert_id: 'a1', contacts_told: 'all', extra: 1 } }],
    [{ alert_status: false, alert: null, end_news: null }],
    [{ alert_status: false, alert: null }],
  ])('reads the end news of %j as parseMessage(alertDeliveryStateSchema) does', (message) => {
    const reply = { success: true, message };
    expect(readEndNews(reply)).toEqual(parseMessage(alertDeliveryStateSchema, reply).end_news ?? undefined);
  });

  it.each([
    [{ alert_id: 'a1', contacts_told: 'most' }],
    [{ alert_id: 7, contacts_told: 'none' }],
    [{ contacts_told: 'none' }],
    ['none'],
  ])('reads no end news from %j, which the schema refuses too', (endNews) => {
    const reply = { success: true, message: { alert_status: false, alert: null, end_news: endNews } };
    expect(readEndNews(reply)).toBeUndefined();
    expect(withValibot(reply)).toBeInstanceOf(Error);
  });
});

describe('the token of an e-mailed link', () => {
  const linkTokenSearch = v.object({
    token: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String))),
  });

  it.each([
    [{ token: 'abc_DEF-123' }],
    [{ token: 12345 }],
    [{ token: '' }],
    [{ token: true }],
    [{ token: ['a'] }],
    [{ token: null }],
    [{}],
    [{ other: 'x' }],
  ])('reads %j as its former valibot schema did', (search) => {
    const expected = v.safeParse(linkTokenSearch, search);
    expect(validateLinkTokenSearch(search)).toEqual(expected.success ? expected.output : {});
  });
});

describe('the stored session state, read field by field', () => {
  // The valibot schema it replaced (src/shared/browser/session-state.ts).
  const text = v.fallback(v.string(), '');
  const authSchema = v.object({
    id: text,
    name: text,
    firstname: text,
    lastname: text,
    phone: text,
    email: text,
    code: text,
    alert_status: v.fallback(v.boolean(), false),
    refresh_token: text,
    access_token: text,
    contacts: v.fallback(v.number(), 0),
    token_type: v.fallback(v.string(), 'Bearer'),
    expires_at: text,
    issued_at: text,
    roles: v.fallback(v.array(v.string()), []),
    permissions: v.fallback(v.array(v.string()), []),
  });
  const uiSchema = v.object({
    isDark: v.fallback(v.boolean(), false),
    sidebarCollapsed: v.fallback(v.boolean(), false),
    language: v.fallback(v.string(), 'en'),
  });
  const stateSchema = v.object({
    auth: v.fallback(authSchema, () => v.parse(authSchema, {})),
    ui: v.fallback(uiSchema, () => v.parse(uiSchema, {})),
  });
  const former = (json: string | undefined) => {
    const defaults = v.parse(stateSchema, {});
    if (json === undefined) return defaults;
    try {
      const result = v.safeParse(stateSchema, JSON.parse(json));
      return result.success ? result.output : defaults;
    } catch {
      return defaults;
    }
  };

  it.each([
    [undefined],
    ['not json'],
    ['null'],
    ['"text"'],
    ['[]'],
    [JSON.stringify({ auth: aSession(), ui: { isDark: true, sidebarCollapsed: false, language: 'es' } })],
    [
      JSON.stringify({
        auth: { ...aSession(), code: '1234', extra: 1 },
        ui: { isDark: 'yes', language: 5 },
        more: true,
      }),
    ],
    [
      JSON.stringify({
        auth: { ...aSession(), contacts: '2', alert_status: 1, roles: ['a', 2], permissions: ['view'] },
      }),
    ],
    [JSON.stringify({ auth: [aSession()], ui: null })],
    [JSON.stringify({ auth: 'ana', ui: [] })],
    [JSON.stringify({ auth: { token_type: '' } })],
    [JSON.stringify({})],
  ])('reads %s as its former valibot schema did', (json) => {
    expect(parseSessionState(json)).toEqual(former(json));
  });
});

describe('the SOS requests the page holds, read back from storage', () => {
  // The valibot schema it replaced (src/client/features/sos/press/held-storage.ts).
  const heldSchema = v.array(
    v.object({
      key: v.string(),
      body: v.object({
        // '3': a practice alert travels the same path.
        alert_status: v.picklist(['1', '2', '3']),
        latitude: v.string(),
        longitude: v.string(),
        timezone: v.string(),
        pressed_at: v.string(),
      }),
      userId: v.string(),
      queuedAt: v.number(),
    }),
  );
  const store = createStore(SOS_PAGE_QUEUE_DB, 'requests');
  const body = {
    alert_status: '1',
    latitude: '19.4326',
    longitude: '-99.1332',
    timezone: 'America/Mexico_City',
    pressed_at: '2026-03-01T10:00:00.000Z',
  };
  const held = { key: 'k1', body, userId: 'u1', queuedAt: 1_772_000_000_000 };

  afterEach(() => del('held', store));

  it.each([
    [[held]],
    [[held, { ...held, key: 'k2', body: { ...body, alert_status: '2', latitude: '' } }]],
    [[{ ...held, extra: true, body: { ...body, extra: true } }]],
    [[{ ...held, body: { ...body, alert_status: '3' } }]],
    [[{ ...held, body: { ...body, alert_status: '4' } }]],
    [[held, { ...held, queuedAt: '1' }]],
    [[{ ...held, body: null }]],
    [[(({ userId: _userId, ...rest }) => rest)(held)]],
    [{ 0: held }],
    [null],
    [[]],
  ])('reads %j as its former valibot schema did', async (stored) => {
    await set('held', await encrypt(JSON.stringify(stored)), store);
    const expected = v.safeParse(heldSchema, stored);
    expect(await readHeld()).toEqual(expected.success ? expected.output : []);
  });
});
