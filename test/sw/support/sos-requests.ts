export const ORIGIN = 'http://localhost:3000';
export const SOS_URL = `${ORIGIN}/api/active-button`;

let counter = 0;

/** The page's SOS call: alert_status '1' starts, '2' ends. */
export function sosCall(
  alertStatus: '1' | '2',
  { key = `key-${alertStatus}-${++counter}`, token = 'access-1', method = 'PUT' }: { key?: string; token?: string; method?: string } = {},
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
    }),
  });
}
