import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import { pinMessages } from '#shared/api/pins.ts';
import { pinMatches } from '#server/security/pin-hash.ts';
import { DURESS_PIN, PIN, pinsSetOf, setPins } from '#test/support/pins.ts';
import { signUp } from '#test/support/sign-up.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// What a copy of the users table says of someone's PINs: nothing without SECRET. The hashes are
// keyed with it, and which of the two columns holds the real PIN is known only through it.

const ACCOUNTS = 20;
type Slots = { pin_hash_a: string | null; pin_hash_b: string | null };

async function slotsOf(t: TestApp, email: string): Promise<Slots> {
  const { rows } = await t.pool.query<Slots>('select pin_hash_a, pin_hash_b from users where email = $1', [email]);
  return rows[0]!;
}

/** scrypt of the bare PIN with the stored salt: what a search of the table alone would try. */
function unkeyedMatches(pin: string, stored: string): boolean {
  const [, salt, key] = stored.split('$');
  const derived = scryptSync(pin, Buffer.from(salt!, 'base64url'), 32, { N: 16384, r: 8, p: 1 });
  return derived.toString('base64url') === key;
}

const deletePins = (t: TestApp, me: Session, pin: string) =>
  t.call('DELETE', 'profile/pins', { token: me.access_token, body: { pin } });
/** A change of PINs: with the duress PIN as the current one, it changes only what the person is shown. */
const changePins = (t: TestApp, me: Session, current: string) =>
  t.call('PUT', 'profile/pins', {
    token: me.access_token,
    body: { pin: '1111', duress_pin: '2222', current_pin: current },
  });

describe('the stored PINs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('say nothing without SECRET: keyed hashes, and the real one in either column', async () => {
    const realColumns: string[] = [];
    for (let n = 0; n < ACCOUNTS; n += 1) {
      const email = `ranura-${n}@example.com`;
      const me = await signUp(t, email);
      await setPins(t, me);
      const slots = await slotsOf(t, email);
      const [a, b] = [slots.pin_hash_a!, slots.pin_hash_b!];
      // Neither hash is a search away for whoever has the table alone.
      expect([PIN, DURESS_PIN].flatMap((pin) => [unkeyedMatches(pin, a), unkeyedMatches(pin, b)])).toEqual([
        false,
        false,
        false,
        false,
      ]);
      // With SECRET the server finds each PIN in exactly one column.
      const real = [await pinMatches(t.config.secret, PIN, a), await pinMatches(t.config.secret, PIN, b)];
      const duress = [
        await pinMatches(t.config.secret, DURESS_PIN, a),
        await pinMatches(t.config.secret, DURESS_PIN, b),
      ];
      expect(real.map((hit, at) => hit !== duress[at])).toEqual([true, true]);
      realColumns.push(real[0] ? 'a' : 'b');

      // And tells them apart whichever column holds which: the duress PIN changes nothing, the real one deletes.
      expect((await changePins(t, me, DURESS_PIN)).body).toEqual({ success: true, message: pinMessages.saved });
      expect(await slotsOf(t, email)).toEqual(slots);
      expect((await deletePins(t, me, PIN)).body).toEqual({ success: true, message: pinMessages.deleted });
      expect(await slotsOf(t, email)).toEqual({ pin_hash_a: null, pin_hash_b: null });
    }
    // Over 20 people the real PIN sits in both columns (all in one: a chance of 2 in a million).
    expect(new Set(realColumns)).toEqual(new Set(['a', 'b']));
    // Twenty people's scrypt hashes, each checked several times: CPU-bound, and it shares two cores
    // with the other projects' workers, so it gets the room of a slow start.
  }, 180_000);

  it('set before the hashes were keyed, keep working in their old order until the person sets new ones', async () => {
    const email = 'ranura-antigua@example.com';
    const me = await signUp(t, email);
    const unkeyed = (pin: string) => {
      const salt = randomBytes(16);
      const key = scryptSync(pin, salt, 32, { N: 16384, r: 8, p: 1 });
      return ['scrypt1', salt.toString('base64url'), key.toString('base64url')].join('$');
    };
    const old = { pin_hash_a: unkeyed(PIN), pin_hash_b: unkeyed(DURESS_PIN) };
    await t.pool.query('update users set pin_hash_a = $2, pin_hash_b = $3 where email = $1', [
      email,
      old.pin_hash_a,
      old.pin_hash_b,
    ]);
    expect(await pinsSetOf(t, me)).toBe(true);
    expect((await changePins(t, me, DURESS_PIN)).body).toEqual({ success: true, message: pinMessages.saved });
    expect(await slotsOf(t, email)).toEqual(old);
    expect((await deletePins(t, me, PIN)).body).toEqual({ success: true, message: pinMessages.deleted });
    expect(await slotsOf(t, email)).toEqual({ pin_hash_a: null, pin_hash_b: null });

    // New PINs are keyed and placed by SECRET like everyone's.
    await setPins(t, me);
    const slots = await slotsOf(t, email);
    expect([slots.pin_hash_a, slots.pin_hash_b]).toEqual([
      expect.stringMatching(/^scrypt2\$/),
      expect.stringMatching(/^scrypt2\$/),
    ]);
  });
});
