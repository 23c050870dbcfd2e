import { randomUUID } from 'node:crypto';
import type * as NodeCrypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import { pinMessages } from '#shared/api/pins.ts';
import { MEXICO, personWithConfirmedContacts, press } from '#test/support/alert-people.ts';
import { DURESS_PIN, PIN, setPins } from '#test/support/pins.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// The work a PIN check does after 'Borrar PIN', counted in scrypt calls (the real
// node:crypto scrypt, only counted): a duress deletion keeps the real hashes to
// recognise the owner's real PIN, so a PIN sent afterwards is hashed once; after
// a real deletion the same PIN must be hashed as often, or the time tells them apart.

const scrypts = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof NodeCrypto>();
  const scrypt = ((...args: Parameters<typeof crypto.scrypt>) => {
    scrypts.count += 1;
    return (crypto.scrypt as (...a: unknown[]) => void)(...args);
  }) as typeof crypto.scrypt;
  return { ...crypto, default: { ...crypto, scrypt }, scrypt };
});

async function counted(work: () => Promise<unknown>): Promise<number> {
  const before = scrypts.count;
  await work();
  return scrypts.count - before;
}

describe("a PIN check after 'Borrar PIN'", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Every PIN-checking request the person's app may send once no PINs are shown, with the hashes each computed. */
  async function workAfterDeletion(pin: string): Promise<Record<string, number>> {
    const { me } = await personWithConfirmedContacts(t, `work-${pin}`, [['Luis', 'Díaz']]);
    await setPins(t, me);
    const deleted = await t.call('DELETE', 'profile/pins', { token: me.access_token, body: { pin } });
    expect(deleted.body).toEqual({ success: true, message: pinMessages.deleted });
    const call = (method: 'PUT' | 'POST', path: string, body: object, session: Session = me) =>
      t.call(method, path, { token: session.access_token, body, headers: { 'idempotency-key': randomUUID() } });
    return {
      press: await counted(() => press(t, me, { alert_status: '1', ...MEXICO }, randomUUID())),
      end: await counted(() => call('PUT', 'active-button', { alert_status: '2', ...MEXICO, pin: PIN })),
      checkIn: await counted(() =>
        call('POST', 'check-ins', {
          purpose: 'cita-inmigracion',
          place: 'Oficina',
          due_at: new Date(t.clock.now().getTime() + 3_600_000).toISOString(),
          ...MEXICO,
        }),
      ),
      close: await counted(() => call('PUT', 'check-ins/current', { action: 'ok', pin: PIN })),
      // Setting PINs again hashes the two new ones either way; a current PIN sent is checked either way.
      setAgain: await counted(() =>
        call('PUT', 'profile/pins', { pin: '1111', duress_pin: '2222', current_pin: DURESS_PIN }),
      ),
    };
  }

  it('computes as many hashes after a duress deletion as after a real one, request by request', async () => {
    const real = await workAfterDeletion(PIN);
    const duress = await workAfterDeletion(DURESS_PIN);
    expect(duress).toEqual(real);
    // The check itself did work (one hash of the PIN sent), and setting PINs two more.
    expect(real).toEqual({ press: 0, end: 1, checkIn: 0, close: 1, setAgain: 3 });
  });
});
