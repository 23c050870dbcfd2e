import { createStore, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { encrypt } from '#shared/browser/aes-gcm.ts';
import { defaultSessionState } from '#shared/browser/session-state.ts';
import { readStoredSession } from '#shared/browser/stored-session.ts';
import { SESSION_STORE_KEY } from '#shared/constants.ts';
import { getSessionState, restoreSession } from '#client/lib/session/session-store.ts';
import { applyVersionMarker } from '#client/lib/version-marker.ts';
import { replayRound } from '#sw/replay.ts';
import { ok } from '../../sw/support/fake-server.ts';
import { enqueue, queuedKeys, replayHarness } from '../../sw/support/replay-harness.ts';
import { sosCall } from '../../sw/support/sos-requests.ts';
import { createTestRouter } from '../support/render-app.tsx';

/** Writes a raw value where the encrypted session lives, as a bad disk, another app or a tamperer would leave it. */
const plant = (value: unknown) => set(SESSION_STORE_KEY, value, createStore('sos-state', 'state'));

const stolenLooking = {
  auth: { id: 'u1', access_token: 'robado', expires_at: '2099-01-01T00:00:00Z', permissions: ['view'] },
};

/** Values that are not a session this device wrote. */
const corrupted: [string, () => Promise<unknown> | unknown][] = [
  ['random bytes', () => crypto.getRandomValues(new Uint8Array(80))],
  ['bytes too short to hold an IV', () => new Uint8Array(3)],
  ['an empty ArrayBuffer view', () => new Uint8Array(0)],
  ['a bare ArrayBuffer', () => new ArrayBuffer(32)],
  ['a session written in clear text', () => JSON.stringify(stolenLooking)],
  ['a plain object', () => stolenLooking],
  ['a number', () => 42],
  ['null', () => null],
  ['an encrypted text that is not JSON', () => encrypt('esto no es JSON')],
  ['an encrypted JSON array', () => encrypt('[1,2,3]')],
  ['encrypted JSON of another shape', () => encrypt('{"auth":"x","ui":7}')],
  [
    'encrypted JSON with every field of the wrong type',
    () =>
      encrypt(
        '{"auth":{"access_token":["a"],"expires_at":12,"contacts":"3","alert_status":"true"},"ui":{"isDark":"no"}}',
      ),
  ],
  [
    'a tampered encryption',
    async () => {
      const sealed = await encrypt(JSON.stringify(stolenLooking));
      sealed.set([(sealed.at(-1) ?? 0) ^ 1], sealed.length - 1);
      return sealed;
    },
  ],
];

describe('a corrupted or foreign stored session', () => {
  it('starts the app signed out and lands on sign-in, without a crash', async () => {
    await plant(crypto.getRandomValues(new Uint8Array(64)));
    await expect(restoreSession()).resolves.toBeUndefined();
    expect(getSessionState()).toEqual(defaultSessionState());
    const { router } = createTestRouter('/web/home');
    await router.load();
    expect(router.state.location.pathname).toBe('/web/auth/signin');
  });

  for (const [name, make] of corrupted) {
    it(`reads ${name} as nobody signed in`, async () => {
      await plant(await make());
      const state = await readStoredSession();
      expect(state).toEqual(defaultSessionState());
    });
  }

  it('keeps a queued SOS through it all, and sends it once the person signs in again', async () => {
    const { queue, server, deps } = await replayHarness(() => ok());
    await enqueue(queue, sosCall('1', { key: 'sos-pendiente' }), 'u1');
    await plant(crypto.getRandomValues(new Uint8Array(64)));
    localStorage.setItem('sos_version', 'otra-version');

    await applyVersionMarker();
    expect(await readStoredSession()).toEqual(defaultSessionState());
    // The worker finds nobody signed in: it sends nothing and keeps the press.
    expect(await replayRound(deps)).toEqual({ outcome: 'needs-sign-in', delivered: 0 });
    expect(await queuedKeys(queue)).toEqual(['sos-pendiente']);

    const fresh = {
      ...defaultSessionState(),
      auth: { ...defaultSessionState().auth, id: 'u1', access_token: 'nuevo', expires_at: '2099-01-01T00:00:00Z' },
    };
    await set(SESSION_STORE_KEY, await encrypt(JSON.stringify(fresh)), createStore('sos-state', 'state'));
    expect(await replayRound(deps)).toEqual({ outcome: 'empty', delivered: 1 });
    expect(server.sent.map((s) => s.authorization)).toEqual(['Bearer nuevo']);
  });
});
