import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '#test/support/sign-up.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { Reply, TestApp } from '#test/support/test-app.ts';

const person = { firstname: 'Ana', lastname: 'Pérez', phone: '+13055550123', terms: true };

describe('who has an account is not given away', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await signUp(t, 'ana@example.com', 'Ana');
    t.clock.advance(61_000);
  });
  afterAll(() => t.close());

  const seen = (reply: Reply) => ({
    status: reply.status,
    body: reply.body,
    retryAfter: reply.headers.get('retry-after'),
  });

  /** Everything someone without the mailbox can do with an address, in order. */
  async function probe(email: string) {
    const wrong = '0000';
    const steps: Reply[] = [
      await t.post('verify', { email, code: wrong }),
      await t.post('signup', { email, code: wrong, ...person }),
      await t.post('signin', { email }),
      await t.post('signin', { email }),
      await t.post('resend-code', { email }),
      await t.post('verify', { email, code: (await t.codeSentTo(email)) === wrong ? '1111' : wrong }),
      await t.post('signup', { email, code: '12', ...person }),
      await t.post('signup', { email, code: (await t.codeSentTo(email)) === wrong ? '1111' : wrong, ...person }),
    ];
    return steps.map(seen);
  }

  it('answers every step before the right code the same for a registered address and an unknown one', async () => {
    const registered = await probe('ana@example.com');
    const unknown = await probe('nadie@example.com');
    expect(unknown).toEqual(registered);
    // Only the right code, which only the mailbox's owner has, tells them apart (SPEC.md: 'Usuario no registrado').
    const code = await t.codeSentTo('nadie@example.com');
    expect((await t.post('verify', { email: 'nadie@example.com', code })).status).toBe(404);
    expect(
      (await t.post('verify', { email: 'ana@example.com', code: await t.codeSentTo('ana@example.com') })).status,
    ).toBe(200);
  });
});
