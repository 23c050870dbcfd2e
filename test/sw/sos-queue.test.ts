import { beforeEach, describe, expect, it } from 'vitest';
import { clearAppState } from '#shared/browser/clear-app-state.ts';
import { createRejectedLog } from '#sw/rejected-log.ts';
import { queueableRequest, readSosRequest } from '#sw/sos-request.ts';
import {
  foreignSealedCall,
  freshSosQueue,
  installRegistration,
  pushRawEntry,
  rawQueueRows,
} from './support/workbox-env.ts';
import { SOS_URL, sosCall } from './support/sos-requests.ts';

let register: ReturnType<typeof installRegistration>['register'];

beforeEach(() => {
  ({ register } = installRegistration());
});

async function queueCall(request: Request, userId = 'u1') {
  const queue = await freshSosQueue();
  const sos = await readSosRequest(request, () => 'made-up-key');
  await queue.push(queueableRequest(sos), { idempotencyKey: sos.idempotencyKey, alertStatus: sos.alertStatus, userId });
  return queue;
}

describe('the SOS queue in the Workbox database', () => {
  it('keeps the body sealed with the device key and the idempotency key, and never the bearer token', async () => {
    const queue = await queueCall(sosCall('2', { key: 'k-1', token: 'secret-token', pin: '2468' }));

    const rows = await rawQueueRows();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    const requestData = row.requestData as {
      url: string;
      method: string;
      headers: Record<string, string>;
      body: ArrayBuffer;
    };
    expect(row.queueName).toBe('sos-active-button');
    expect(requestData.url).toBe('http://localhost:3000/api/active-button');
    expect(requestData.method).toBe('PUT');
    expect(requestData.headers['idempotency-key']).toBe('k-1');
    expect(Object.keys(requestData.headers)).not.toContain('authorization');
    expect(JSON.stringify(row)).not.toContain('secret-token');
    // What someone reading the disk finds: neither the position nor the PIN, in any encoding.
    const stored = new TextDecoder('latin1').decode(requestData.body);
    for (const secret of ['25.7617', '-80.1918', '2468', 'latitude', 'pin'])
      expect({ secret, found: stored.includes(secret) }).toEqual({ secret, found: false });
    // Read back, it is the request the page made.
    const [entry] = await queue.list();
    expect(entry!.unreadable).toBeUndefined();
    expect(await entry!.request.json()).toEqual({
      alert_status: '2',
      latitude: '25.7617',
      longitude: '-80.1918',
      timezone: 'America/New_York',
      pressed_at: '2026-11-23T10:00:00.000Z',
      pin: '2468',
    });
  });

  it('sends an entry an older worker queued in clear as it is, and marks one this device can no longer open', async () => {
    const queue = await freshSosQueue();
    const clear = sosCall('1', { key: 'k-clear' });
    clear.headers.delete('Authorization');
    // As the previous version queued it (in clear, no mark), and one sealed under a key this device
    // no longer has (its storage cleared in part).
    await pushRawEntry(clear, { idempotencyKey: 'k-clear', alertStatus: '1', userId: 'u1' });
    await pushRawEntry(foreignSealedCall(SOS_URL), {
      idempotencyKey: 'k-sealed',
      alertStatus: '2',
      userId: 'u1',
      sealed: true,
    });

    const entries = await queue.list();
    expect(entries.map((entry) => [entry.idempotencyKey, entry.unreadable ?? false])).toEqual([
      ['k-clear', false],
      ['k-sealed', true],
    ]);
    expect(await entries[0]!.request.json()).toMatchObject({ alert_status: '1', latitude: '25.7617' });
  });

  it('reads entries back oldest first with their metadata, and removes one in place', async () => {
    const queue = await queueCall(sosCall('1', { key: 'k-1' }));
    const sos = await readSosRequest(sosCall('2', { key: 'k-2', method: 'PATCH' }), () => 'unused');
    await queue.push(queueableRequest(sos), { idempotencyKey: 'k-2', alertStatus: '2', userId: 'u1' });

    const entries = await queue.list();
    expect(
      entries.map((entry) => [entry.idempotencyKey, entry.alertStatus, entry.userId, entry.request.method]),
    ).toEqual([
      ['k-1', '1', 'u1', 'PUT'],
      ['k-2', '2', 'u1', 'PATCH'],
    ]);
    expect(entries[0]!.request.headers.get('Authorization')).toBeNull();
    expect(await entries[1]!.request.json()).toMatchObject({ alert_status: '2' });
    expect(entries[0]!.queuedAt).toBeLessThanOrEqual(Date.now());

    await queue.remove(entries[0]!.id);
    expect((await queue.list()).map((entry) => entry.idempotencyKey)).toEqual(['k-2']);
  });

  it('registers the Background Sync tag when a request is queued', async () => {
    await queueCall(sosCall('1'));
    expect(register).toHaveBeenCalledWith('workbox-background-sync:sos-active-button');
  });

  it('gives a request that came without an idempotency key one, shared by the live attempt and the queued copy', async () => {
    const request = sosCall('1');
    request.headers.delete('Idempotency-Key');
    const sos = await readSosRequest(request, () => 'generated-key');
    expect(sos.headers.get('Idempotency-Key')).toBe('generated-key');
    expect(queueableRequest(sos).headers.get('Idempotency-Key')).toBe('generated-key');
  });
});

describe('clearing app state (version marker, sign-out)', () => {
  it('keeps the queued SOS requests and the unacknowledged rejections', async () => {
    const queue = await queueCall(sosCall('1', { key: 'k-1' }));
    const log = createRejectedLog();
    await log.add({
      idempotencyKey: 'k-0',
      alert_status: '1',
      queuedAt: 1,
      reason: 'expired',
      status: null,
      message: null,
      rejectedAt: 2,
    });

    await clearAppState();

    expect((await queue.list()).map((entry) => entry.idempotencyKey)).toEqual(['k-1']);
    expect((await log.list()).map((entry) => entry.idempotencyKey)).toEqual(['k-0']);
  });
});
