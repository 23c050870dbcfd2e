export const ORIGIN = 'http://localhost:3000';
export const SOS_URL = `${ORIGIN}/api/active-button`;

let counter = 0;

/** The page's SOS call: alert_status '1' starts, '2' ends. */
export function sosCall(
  alertStatus: '1' | '2',
  {
    key = `key-${alertStatus}-${++counter}`,
    token = 'access-1',
    method = 'PUT',
    pin,
  }: { key?: string; token?: string; method?: string; pin?: string } = {},
): Request {
  return new Request(SOS_URL, {
    method,
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      alert_status: alertStatus,
      latitude: '25.7617',
      longitude: '-80.1918',
      timezone: 'America/New_York',
      pressed_at: '2026-11-23T10:00:00.000Z',
      ...(pin ? { pin } : {}),
    }),
  });
}

/** The page's check-in calls: POST /api/check-ins sets one, PUT /api/check-ins/current closes or extends it. */
export function checkInCall(
  kind: 'set' | 'ok' | 'extend',
  { key = `key-${kind}-${++counter}`, token = 'access-1' }: { key?: string; token?: string } = {},
): Request {
  const set = kind === 'set';
  const body = set
    ? {
        purpose: 'cita-inmigracion',
        place: 'Oficina de Miami',
        due_at: '2026-11-23T12:00:00.000Z',
        timezone: 'America/New_York',
      }
    : kind === 'ok'
      ? { action: 'ok' }
      : { action: 'extend', due_at: '2026-11-23T13:00:00.000Z' };
  return new Request(`${ORIGIN}/api/check-ins${set ? '' : '/current'}`, {
    method: set ? 'POST' : 'PUT',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}
