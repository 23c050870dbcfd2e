import { describe, expect, it } from 'vitest';
import {
  afterUnauthorized,
  buildCommand,
  commandKindOf,
  COMMAND_ROUTES,
  isPassingFailure,
  queuedRequest,
  readCommandReply,
  replayDecision,
  replayRequest,
  type CommandKind,
  type CommandReply,
  type ReplayDecision,
  type ReplayOutcome,
} from '#shared/browser/queued-commands.ts';

const ORIGIN = 'http://localhost:3000';
const at = '2026-11-27T10:00:00.000Z';
const position = { latitude: '25.7617', longitude: '-80.1918' };

/** Every command the worker may queue, as the page's features make them. */
const commands: { name: string; kind: CommandKind; body: Record<string, unknown> }[] = [
  {
    name: 'SOS press',
    kind: 'sos',
    body: { alert_status: '1', ...position, timezone: 'America/New_York', pressed_at: at },
  },
  { name: 'SOS position update', kind: 'sos', body: { alert_status: '1', ...position, timezone: '', pressed_at: at } },
  {
    name: 'SOS end with a PIN',
    kind: 'sos',
    body: { alert_status: '2', latitude: '', longitude: '', timezone: '', pressed_at: at, pin: '1234' },
  },
  {
    name: 'SOS practice',
    kind: 'sos',
    body: { alert_status: '3', latitude: '', longitude: '', timezone: '', pressed_at: at },
  },
  {
    name: 'check-in set',
    kind: 'check-in-set',
    body: { purpose: 'audiencia', place: 'Corte', due_at: at, timezone: 'America/New_York' },
  },
  { name: "check-in 'Estoy bien'", kind: 'check-in-update', body: { action: 'ok', pin: '1234' } },
  { name: 'check-in extended', kind: 'check-in-update', body: { action: 'extend', due_at: at } },
  { name: 'check-in position', kind: 'check-in-update', body: { action: 'position', ...position } },
];

const expectedRoute: Record<CommandKind, { method: string; path: string }> = {
  sos: { method: 'PUT', path: '/active-button' },
  'check-in-set': { method: 'POST', path: '/check-ins' },
  'check-in-update': { method: 'PUT', path: '/check-ins/current' },
};

describe('the request of every queued command', () => {
  it.each(commands)('$name: its route, its idempotency key and its body as given', ({ kind, body }) => {
    expect(buildCommand(kind, 'key-1', body)).toEqual({
      ...expectedRoute[kind],
      headers: { 'Idempotency-Key': 'key-1' },
      body,
    });
  });

  it.each(commands)('$name: marked queue-only when a 401 outlived its refresh', ({ kind, body }) => {
    expect(buildCommand(kind, 'key-1', body, { queueOnly: true })).toEqual({
      ...expectedRoute[kind],
      headers: { 'Idempotency-Key': 'key-1', 'X-SOS-Queue-Only': '1' },
      body,
    });
  });

  it.each(commands)('$name: the worker recognises the call the page makes', ({ kind, body }) => {
    const { method, path } = buildCommand(kind, 'key-1', body);
    expect(commandKindOf(method, `/api${path}`)).toBe(kind);
    expect(commandKindOf(method.toLowerCase(), `/api${path}/`)).toBe(kind);
  });

  it('takes the SOS call as PATCH too, and nothing else as a queued command', () => {
    expect(commandKindOf('PATCH', '/api/active-button')).toBe('sos');
    const others: [string, string][] = [
      ['GET', '/api/active-button'],
      ['POST', '/api/active-button'],
      ['PUT', '/api/active-buttons'],
      ['PUT', '/api/active-button/1'],
      ['PUT', '/web/active-button'],
      ['GET', '/api/check-ins/current'],
      ['PUT', '/api/check-ins'],
      ['POST', '/api/check-ins/current'],
      ['PATCH', '/api/check-ins/current'],
      ['DELETE', '/api/check-ins/current'],
      ['POST', '/api/contacts'],
    ];
    expect(others.map(([method, path]) => commandKindOf(method, path))).toEqual(others.map(() => null));
  });

  it.each(commands)(
    '$name: queued without its token, replayed with the token of the moment',
    async ({ kind, body }) => {
      const { method, path } = COMMAND_ROUTES[kind];
      const text = JSON.stringify(body);
      const page = new Headers({
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Idempotency-Key': 'key-1',
        Authorization: 'Bearer old-token',
        'X-CSRF-TOKEN': 'csrf',
        'X-Other': 'dropped',
      });
      const queued = queuedRequest(`${ORIGIN}/api${path}`, method, page, text);
      expect([queued.url, queued.method, [...queued.headers], await queued.clone().text()]).toEqual([
        `${ORIGIN}/api${path}`,
        method,
        [
          ['accept', 'application/json'],
          ['content-type', 'application/json'],
          ['idempotency-key', 'key-1'],
          ['x-csrf-token', 'csrf'],
        ],
        text,
      ]);

      const replay = await replayRequest(queued, 'new-token');
      expect([replay.url, replay.method, [...replay.headers], await replay.text()]).toEqual([
        `${ORIGIN}/api${path}`,
        method,
        [
          ['accept', 'application/json'],
          ['authorization', 'Bearer new-token'],
          ['content-type', 'application/json'],
          ['idempotency-key', 'key-1'],
          ['x-csrf-token', 'csrf'],
        ],
        text,
      ]);
    },
  );
});

const kinds = Object.keys(COMMAND_ROUTES) as CommandKind[];
const refusal = { success: false, message: 'PIN incorrecto.', errors: { pin: ['PIN incorrecto.', 3] } };

describe('what a reply means, page and worker alike', () => {
  it.each(kinds)('%s: the server did it', (kind) => {
    const data = { success: true, message: { id: 'a' } };
    expect([200, 201, 204].map((status) => readCommandReply(kind, status, data))).toEqual([
      { kind: 'done', data },
      { kind: 'done', data },
      { kind: 'done', data },
    ]);
  });

  it.each(kinds)('%s: the worker keeps it, or could neither send nor keep it', (kind) => {
    expect(readCommandReply(kind, 202, { success: true, queued: true, message: 'En cola' })).toEqual({
      kind: 'queued',
    });
    expect(readCommandReply(kind, 503, { success: false, queued: false, message: 'No se pudo' })).toEqual({
      kind: 'not-queued',
      message: 'No se pudo',
    });
    expect(readCommandReply(kind, 503, { success: false, queued: false })).toEqual({
      kind: 'not-queued',
      message: null,
    });
  });

  it.each(kinds)('%s: refused with its Spanish message and the fields', (kind) => {
    expect([400, 413, 422].map((status) => readCommandReply(kind, status, refusal))).toEqual(
      [400, 413, 422].map((status) => ({
        kind: 'refused',
        status,
        message: 'PIN incorrecto.',
        errors: { pin: ['PIN incorrecto.'] },
      })),
    );
    expect(readCommandReply(kind, 422, 'Unprocessable')).toEqual({
      kind: 'refused',
      status: 422,
      message: null,
      errors: {},
    });
  });

  it('a 409 to an SOS is done (the server already did it); to a check-in, refused with its message', () => {
    const running = { success: false, message: 'Ya tienes un aviso en curso.' };
    expect(readCommandReply('sos', 409, running)).toEqual({ kind: 'done', data: running });
    expect(readCommandReply('check-in-set', 409, running)).toEqual({
      kind: 'refused',
      status: 409,
      message: 'Ya tienes un aviso en curso.',
      errors: {},
    });
  });

  it("a 404 to a check-in call is refused ('No tienes un aviso en curso'); to an SOS, a passing trouble", () => {
    const none = { success: false, message: 'No tienes un aviso en curso.' };
    expect(readCommandReply('check-in-update', 404, none)).toEqual({
      kind: 'refused',
      status: 404,
      message: 'No tienes un aviso en curso.',
      errors: {},
    });
    expect(readCommandReply('sos', 404, 'Not found')).toEqual({ kind: 'retry-later', status: 404, message: null });
  });

  it.each(kinds)('%s: a 401 is the 401 policy', (kind) => {
    expect(readCommandReply(kind, 401, { success: false, message: 'Sesión expirada' })).toEqual({
      kind: 'unauthorized',
    });
  });

  it.each(kinds)('%s: passing failures and answers nobody expects are tried again later', (kind) => {
    const statuses = [500, 502, 503, 504, 429, 408, 403, 302];
    expect(statuses.map((status) => readCommandReply(kind, status, { success: false, message: 'Error' }))).toEqual(
      statuses.map((status) => ({ kind: 'retry-later', status, message: 'Error' })),
    );
  });
});

describe('what a replayed reply does to the queued entry', () => {
  const table: [ReplayOutcome, ReplayDecision, ReplayDecision][] = [
    // outcome, SOS, check-in
    [200, 'done', 'done'],
    [201, 'done', 'done'],
    [204, 'done', 'done'],
    [409, 'done', 'done'],
    [401, 'refresh', 'refresh'],
    ['network-error', 'keep', 'keep'],
    [500, 'keep', 'keep'],
    [503, 'keep', 'keep'],
    [429, 'keep', 'keep'],
    [408, 'keep', 'keep'],
    [403, 'keep', 'keep'],
    [302, 'keep', 'keep'],
    [404, 'keep', 'reject'],
    [400, 'reject', 'reject'],
    [413, 'reject', 'reject'],
    [422, 'reject', 'reject'],
  ];
  it.each(table)('%s: an SOS is %s, a check-in call %s', (outcome, sos, checkIn) => {
    expect([
      replayDecision('sos', outcome),
      replayDecision('check-in-set', outcome),
      replayDecision('check-in-update', outcome),
    ]).toEqual([sos, checkIn, checkIn]);
  });

  it('never drops an entry on a reply the page would keep trying (every status, every kind)', () => {
    for (const kind of kinds) {
      for (let status = 100; status < 600; status += 1) {
        const reply: CommandReply = readCommandReply(kind, status, undefined);
        const decision = replayDecision(kind, status);
        if (reply.kind === 'retry-later') expect([kind, status, decision]).toEqual([kind, status, 'keep']);
        if (reply.kind === 'unauthorized') expect(decision).toBe('refresh');
      }
    }
  });
});

describe('the live attempt of the worker', () => {
  it.each([500, 502, 503, 504, 429, 408])('queues a %s', (status) => {
    expect(isPassingFailure(status)).toBe(true);
  });

  it.each([200, 201, 204, 400, 401, 403, 404, 409, 413, 422])('passes a %s through', (status) => {
    expect(isPassingFailure(status)).toBe(false);
  });
});

describe('the 401 policy', () => {
  it('refreshes once and resends, then keeps the command until the person signs in again', () => {
    expect([afterUnauthorized({ refreshed: false }), afterUnauthorized({ refreshed: true })]).toEqual([
      'refresh-and-resend',
      'keep-until-sign-in',
    ]);
  });
});
