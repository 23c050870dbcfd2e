import fc from 'fast-check';
import { controlCharacterErrors } from '#shared/api/fields.ts';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeButtonSchema, endNewsSeenSchema } from '#shared/api/active-button.ts';
import { refreshSchema, resendCodeSchema, signinSchema, signupSchema, verifySchema } from '#shared/api/auth.ts';
import type { Session } from '#shared/api/auth.ts';
import { checkInMessages, checkInStartSchema, checkInUpdateSchema } from '#shared/api/check-ins.ts';
import {
  contactInputSchema,
  contactLanguageByLinkSchema,
  contactListQuerySchema,
  contactPatchSchema,
  linkTokenSchema,
  receivesDetentionInfoInvalid,
} from '#shared/api/contacts.ts';
import { detentionInfoSchema, detentionMessages } from '#shared/api/detention-info.ts';
import { pinMessages, pinsDeleteSchema, pinsResetSchema, pinsSetSchema } from '#shared/api/pins.ts';
import { envelopeSchema } from '#shared/api/envelope.ts';
import { profilePatchSchema, profileUpdateSchema } from '#shared/api/profile.ts';
import { pushMessages, pushSubscribeSchema, pushUnsubscribeSchema } from '#shared/api/push.ts';
import { staffCeremonySchema, staffCodeSchema, staffEnrolOptionsSchema } from '#shared/api/staff.ts';
import { MAX_BODY_BYTES } from '#shared/constants.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '#server/http/validate.ts';
import { apiMessages, fieldMessages } from '#shared/messages.ts';
import { bodyFor, headerValue, hostileString, pathSegment } from '#test/support/fuzz-inputs.ts';
import { signUp } from '#test/support/sign-up.ts';
import { tableDigest } from '#test/support/table-rows.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

// Property-based fuzzing of every API route: no input makes a 500. Seeded: FUZZ_SEED=<n>
// replays a failure, FUZZ_RUNS=<n> changes the number of cases per route.
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

/** Every API path with its methods; the first test checks this against the app, so a new route cannot go unfuzzed. */
const ROUTES: Record<string, string[]> = {
  '/signin': ['POST'],
  '/resend-code': ['POST'],
  '/verify': ['POST'],
  '/signup': ['POST'],
  '/refresh': ['POST'],
  '/logout': ['POST'],
  '/contacts': ['GET', 'POST'],
  '/contacts/:id': ['GET', 'PUT', 'PATCH', 'DELETE'],
  '/contacts/:id/invite': ['POST'],
  '/verify-contact/:token': ['GET'],
  '/link-person/:token': ['GET'],
  '/unsubscribe': ['POST'],
  '/contact-language': ['PUT'],
  '/profile/no-contacts': ['POST'],
  '/profile': ['GET', 'PUT', 'PATCH', 'DELETE'],
  '/profile/sessions': ['GET'],
  '/profile/sessions/revoke-others': ['POST'],
  '/profile/firm-consent': ['PUT'],
  '/active-button': ['PUT', 'PATCH'],
  '/active-button/': ['PUT', 'PATCH'],
  '/end-news/seen': ['POST'],
  '/alert-deliveries': ['GET'],
  '/practice-deliveries': ['GET'],
  '/ack/:token': ['GET'],
  '/ack': ['POST'],
  '/app-config': ['GET'],
  '/push/public-key': ['GET'],
  '/push/subscriptions': ['POST', 'DELETE'],
  '/check-ins': ['POST'],
  '/check-ins/current': ['GET', 'PUT'],
  '/profile/detention-info': ['GET', 'PUT', 'DELETE'],
  '/profile/pins': ['PUT', 'DELETE'],
  '/profile/pins/forgot': ['POST'],
  '/profile/pins/reset': ['POST'],
};

/** Tables a refused request still writes to on purpose: rate-limit hits always; a wrong code counts against the address. */
const COUNTERS = ['rate_limits'];
const CODE_COUNTERS = [...COUNTERS, 'verifications', 'signin_lockouts', 'outbox'];

/** `as: 'pina'`: sent by a person of their own, so that the PINs it may set and the lockout it may start touch no other route's caller. */
type BodyRoute = {
  method: string;
  path: string;
  schema: v.GenericSchema;
  auth?: boolean;
  as?: 'pina';
  idempotent?: boolean;
  counters?: string[];
};

const BODY_ROUTES: BodyRoute[] = [
  { method: 'POST', path: 'signin', schema: signinSchema },
  { method: 'POST', path: 'desk/access/code', schema: staffCodeSchema },
  { method: 'POST', path: 'desk/access/enrol-options', schema: staffEnrolOptionsSchema, counters: CODE_COUNTERS },
  {
    method: 'POST',
    path: 'desk/access/enrol',
    schema: staffCeremonySchema,
    counters: [...COUNTERS, 'staff_challenges'],
  },
  {
    method: 'POST',
    path: 'desk/access/signin',
    schema: staffCeremonySchema,
    counters: [...COUNTERS, 'staff_challenges'],
  },
  { method: 'POST', path: 'resend-code', schema: resendCodeSchema },
  { method: 'POST', path: 'verify', schema: verifySchema, counters: CODE_COUNTERS },
  { method: 'POST', path: 'signup', schema: signupSchema, counters: CODE_COUNTERS },
  { method: 'POST', path: 'refresh', schema: refreshSchema },
  { method: 'POST', path: 'unsubscribe', schema: linkTokenSchema },
  { method: 'POST', path: 'ack', schema: linkTokenSchema },
  { method: 'PUT', path: 'contact-language', schema: contactLanguageByLinkSchema },
  { method: 'POST', path: 'push/subscriptions', schema: pushSubscribeSchema },
  { method: 'DELETE', path: 'push/subscriptions', schema: pushUnsubscribeSchema },
  { method: 'POST', path: 'contacts', schema: contactInputSchema, auth: true },
  // ':contact' is Ana's own contact, made in beforeAll.
  { method: 'PATCH', path: 'contacts/:contact', schema: contactPatchSchema, auth: true },
  { method: 'PUT', path: 'profile', schema: profileUpdateSchema, auth: true },
  { method: 'PATCH', path: 'profile', schema: profilePatchSchema, auth: true },
  { method: 'PUT', path: 'active-button', schema: activeButtonSchema, auth: true, idempotent: true },
  { method: 'PATCH', path: 'active-button/', schema: activeButtonSchema, auth: true, idempotent: true },
  { method: 'POST', path: 'end-news/seen', schema: endNewsSeenSchema, auth: true },
  // A 404 or 409 is kept under its Idempotency-Key, so that a replay gets it again.
  {
    method: 'POST',
    path: 'check-ins',
    schema: checkInStartSchema,
    auth: true,
    idempotent: true,
    counters: [...COUNTERS, 'idempotency_keys'],
  },
  {
    method: 'PUT',
    path: 'check-ins/current',
    schema: checkInUpdateSchema,
    auth: true,
    idempotent: true,
    counters: [...COUNTERS, 'idempotency_keys'],
  },
  { method: 'PUT', path: 'profile/detention-info', schema: detentionInfoSchema, auth: true },
  // A wrong PIN is counted on the person's row (users), on purpose: five lock every PIN route.
  {
    method: 'PUT',
    path: 'profile/pins',
    schema: pinsSetSchema,
    auth: true,
    as: 'pina',
    counters: [...COUNTERS, 'users'],
  },
  {
    method: 'DELETE',
    path: 'profile/pins',
    schema: pinsDeleteSchema,
    auth: true,
    as: 'pina',
    counters: [...COUNTERS, 'users'],
  },
  {
    method: 'POST',
    path: 'profile/pins/reset',
    schema: pinsResetSchema,
    auth: true,
    as: 'pina',
    counters: CODE_COUNTERS,
  },
];

/** Every Spanish text the API may answer with; anything else (valibot's English defaults, an exception's text) fails. */
const SPANISH = new Set<string>([
  ...Object.values(apiMessages),
  ...Object.values(fieldMessages),
  ...Object.values(pushMessages),
  ...Object.values(checkInMessages),
  ...Object.values(detentionMessages),
  ...Object.values(pinMessages),
  receivesDetentionInfoInvalid,
]);

type Outcome = { status: number; body: v.InferOutput<typeof envelopeSchema> | undefined };

/** The reply is our JSON envelope, and a refusal speaks Spanish from the shared catalogue. */
async function envelopeOf(res: Response): Promise<Outcome> {
  expect(res.status, 'no 5xx').toBeLessThan(500);
  if (res.status === 204 || res.status === 304) return { status: res.status, body: undefined };
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = v.parse(envelopeSchema, await res.json());
  if (res.status >= 400) {
    expect(body.success).toBe(false);
    expect(SPANISH, `message ${JSON.stringify(body.message)}`).toContain(body.message);
    for (const [field, messages] of Object.entries(body.errors ?? {})) {
      expect(messages.length, field).toBeGreaterThan(0);
      for (const message of messages) expect(SPANISH, `${field}: ${message}`).toContain(message);
    }
  }
  return { status: res.status, body };
}

/** What the server must answer to a body sent as `contentType`, judged from the shared schema alone. */
function expectedFor(
  raw: string,
  contentType: string,
  schema: v.GenericSchema,
): { status?: number; fields?: string[] } {
  if (Buffer.byteLength(raw, 'utf8') > MAX_BODY_BYTES) return { status: 413 };
  // Only JSON is read: any other body is refused unread, as a page elsewhere could send it.
  if (raw !== '' && contentType !== 'application/json') return { status: 415 };
  // What the server reads: the body after a UTF-8 round trip (lone surrogates become U+FFFD).
  const text = new TextDecoder().decode(new TextEncoder().encode(raw));
  let value: unknown = {};
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      return { status: 400 };
    }
  }
  if (Array.isArray(value) || nestsDeeperThan(value, MAX_JSON_DEPTH)) return { status: 422, fields: [] };
  // Control characters anywhere are refused before the schema, on their fields (validate.ts).
  const hidden = controlCharacterErrors(value);
  if (hidden) return { status: 422, fields: Object.keys(hidden) };
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  if (!result.success) return { status: 422, fields: Object.keys(v.flatten(result.issues).nested ?? {}) };
  return {};
}

describe('fuzzing every API route with random and malformed input', () => {
  let t: TestApp;
  let ana: Session;
  let pina: Session;
  let contactId: string;
  let cases = 0;
  const emails = ['ana@example.com', 'beto@example.com', 'nadie@example.com', 'rosa@example.com'];
  const params = { seed: SEED, numRuns: RUNS };

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_ACK_PER_IP: '100000' } });
    ana = await signUp(t, 'ana@example.com', 'Ana');
    await signUp(t, 'beto@example.com', 'Beto');
    pina = await signUp(t, 'pina@example.com', 'Pina');
    const contact = {
      firstname: 'Rosa',
      lastname: 'Díaz',
      email: 'rosa@example.com',
      phone: '+13055550111',
      kinship: 'Madre',
    };
    contactId = (
      (await t.call('POST', 'contacts', { token: ana.access_token, body: contact })).body.message as { id: string }
    ).id;
  });
  afterAll(async () => {
    // One line for the record: how much was tried, and how to replay it.
    console.info(`fuzz: ${cases} cases, seed ${SEED} (FUZZ_SEED=${SEED} replays them)`);
    await t.close();
  });

  /** fast-check's own report has the counterexample and its path; this adds how to replay it. */
  async function check<T>(property: fc.IAsyncProperty<T>, numRuns = RUNS) {
    try {
      await fc.assert(property, { ...params, numRuns });
    } catch (error) {
      const { message, cause } = error as Error;
      const why = cause instanceof Error ? cause.message : String(cause ?? '');
      throw new Error(
        `Fuzz case failed. Replay: FUZZ_SEED=${SEED} npx vitest run --project api test/server/http/fuzz.db.test.ts\n${message}\n${why}`,
        {
          cause: error,
        },
      );
    }
  }

  const request = (method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) => {
    cases += 1;
    return t.app.request(`/api/${path}`, { method, headers: init.headers, body: init.body });
  };

  it('knows every route the app serves', () => {
    const served = t.app.routes
      // The desk's routes are the staff's, with their own 401/403/404 tests (test/server/staff, test/server/desk).
      .filter(
        (route) =>
          route.path.startsWith('/api/') &&
          !route.path.startsWith('/api/desk/') &&
          !route.path.includes('*') &&
          route.method !== 'ALL',
      )
      .map((route) => `${route.method} ${route.path.slice('/api'.length)}`);
    const listed = Object.entries(ROUTES).flatMap(([path, methods]) => methods.map((method) => `${method} ${path}`));
    expect(new Set(served)).toEqual(new Set(listed));
  });

  for (const route of BODY_ROUTES) {
    it(`${route.method} /api/${route.path}: any body gets a Spanish 4xx or a success, and a refusal changes nothing`, async () => {
      const headers = fc.record({
        'content-type': fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
        ),
        'idempotency-key': route.idempotent
          ? fc.oneof({ weight: 4, arbitrary: fc.uuid() }, { weight: 1, arbitrary: headerValue })
          : fc.constant(''),
      });
      await check(
        fc.asyncProperty(bodyFor(route.schema, emails), headers, async (body, sent) => {
          const before = await tableDigest(t.db, route.counters ?? COUNTERS);
          const res = await request(route.method, route.path.replace(':contact', contactId), {
            body,
            headers: {
              ...sent,
              ...(route.auth ? { authorization: `Bearer ${(route.as === 'pina' ? pina : ana).access_token}` } : {}),
            },
          });
          const { status, body: reply } = await envelopeOf(res);
          const expected = expectedFor(body, sent['content-type'], route.schema);
          if (expected.status) expect(status).toBe(expected.status);
          if (expected.status === 422)
            expect(Object.keys(reply?.errors ?? {}).sort()).toEqual([...(expected.fields ?? [])].sort());
          if (status >= 400)
            expect(await tableDigest(t.db, route.counters ?? COUNTERS), 'a refused request wrote data').toBe(before);
        }),
      );
    }, 120_000);
  }

  it('answers a method a path does not take with a JSON 405 that names the allowed ones', async () => {
    const wrong = fc
      .tuple(
        fc.constantFrom(...Object.keys(ROUTES)),
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
        fc.boolean(),
      )
      .filter(([path, method]) => !ROUTES[path]?.includes(method));
    await check(
      fc.asyncProperty(wrong, async ([path, method, signedIn]) => {
        const concrete = path.slice(1).replace(':id', contactId).replace(':token', 'A'.repeat(43));
        const res = await request(method, concrete, {
          headers: signedIn ? { authorization: `Bearer ${ana.access_token}` } : {},
          body: method === 'GET' ? undefined : '{}',
        });
        const allowed = ROUTES[path] ?? [];
        expect(res.headers.get('allow')).toBe([...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])].join(', '));
        expect(await envelopeOf(res)).toMatchObject({ status: 405, body: { message: apiMessages.methodNotAllowed } });
      }),
      RUNS * 3,
    );
  }, 120_000);

  it('answers made-up ids, tokens and paths with a JSON 404', async () => {
    const calls = fc.oneof(
      pathSegment.map((id) => ['GET', `contacts/${id}`, apiMessages.contactNotFound] as const),
      pathSegment.map((id) => ['DELETE', `contacts/${id}`, apiMessages.contactNotFound] as const),
      pathSegment.map((id) => ['PATCH', `contacts/${id}`, apiMessages.contactNotFound] as const),
      pathSegment.map((id) => ['POST', `contacts/${id}/invite`, apiMessages.contactNotFound] as const),
      pathSegment.map((token) => ['GET', `verify-contact/${token}`, apiMessages.linkInvalid] as const),
      pathSegment.map((token) => ['GET', `ack/${token}`, apiMessages.linkInvalid] as const),
      pathSegment.map((segment) => ['GET', `no-existe/${segment}`, apiMessages.notFound] as const),
    );
    await check(
      fc.asyncProperty(calls, async ([method, path, message]) => {
        const before = await tableDigest(t.db, COUNTERS);
        const outcome = await envelopeOf(
          await request(method, path, { headers: { authorization: `Bearer ${ana.access_token}` } }),
        );
        // A segment such as '..' is resolved away by URL rules before routing; any such path is still unknown.
        expect(outcome.status).toBe(404);
        if (!/(^|\/)(\.|%2e){1,2}(\/|$)/i.test(path)) expect(outcome.body?.message).toBe(message);
        expect(await tableDigest(t.db, COUNTERS)).toBe(before);
      }),
      RUNS * 4,
    );
  }, 120_000);

  it('answers any Authorization and Idempotency-Key header with a Spanish 401 or 422', async () => {
    const headers = fc.record({
      authorization: fc.oneof(
        headerValue,
        headerValue.map((h) => `Bearer ${h}`),
      ),
      key: headerValue,
    });
    await check(
      fc.asyncProperty(headers, async ({ authorization, key }) => {
        const anonymous = await envelopeOf(await request('GET', 'profile', { headers: { authorization } }));
        expect(anonymous).toMatchObject({ status: 401, body: { message: apiMessages.unauthorized } });
        const press = await envelopeOf(
          await request('PATCH', 'active-button', {
            headers: {
              authorization: `Bearer ${ana.access_token}`,
              'idempotency-key': key,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ alert_status: '2' }),
          }),
        );
        const valid = /^[A-Za-z0-9_-]{8,100}$/.test(key.trim());
        expect(press.status).toBe(valid ? 200 : 422);
      }),
      RUNS * 2,
    );
  }, 120_000);

  it('answers any query string of the contact list with the list or a Spanish 422, as the shared schema says', async () => {
    const value = fc.oneof(
      hostileString.filter((s) => s.length < 2000),
      fc.integer().map(String),
      fc.constantFrom('1', '100', '101', 'asc', 'desc', 'firstname', 'email', '1e300', '-0', ' 2 '),
    );
    const query = fc.dictionary(
      fc.oneof(fc.constantFrom('_page', '_limit', '_sort', '_order'), fc.string({ maxLength: 8 })),
      value,
      { maxKeys: 5 },
    );
    await check(
      fc.asyncProperty(query, async (raw) => {
        const search = new URLSearchParams(
          Object.entries(raw).map(([k, val]) => [
            k.replace(/[\ud800-\udfff]/g, ''),
            val.replace(/[\ud800-\udfff]/g, ''),
          ]),
        ).toString();
        const outcome = await envelopeOf(
          await request('GET', `contacts?${search}`, { headers: { authorization: `Bearer ${ana.access_token}` } }),
        );
        // As the server reads it: a name given twice counts once, with its first value.
        const first: Record<string, string> = {};
        const every: [string, string][] = [];
        for (const [k, val] of new URLSearchParams(search)) {
          first[k] ??= val;
          every.push([k, val]);
        }
        // Control characters in any name or value are refused before the schema (validate.ts).
        const hidden = controlCharacterErrors({ query: every });
        const expected = v.safeParse(contactListQuerySchema, first, { abortPipeEarly: true });
        expect(outcome.status).toBe(!hidden && expected.success ? 200 : 422);
      }),
      RUNS * 3,
    );
  }, 120_000);
});
