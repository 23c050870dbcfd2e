import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '#shared/messages.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

describe('limits against code flooding and guessing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        TRUST_PROXY: 'true',
        RATE_LIMIT_SIGNIN_PER_IP: '3',
        RATE_LIMIT_VERIFY_PER_IP: '3',
        RATE_LIMIT_RESEND_PER_IP: '3',
      },
    });
    // Start at the top of an hour so the fixed windows are easy to reason about.
    t.clock.set(new Date('2026-03-01T10:00:00Z'));
  });
  afterAll(() => t.close());

  const from = (ip: string) => ({ 'x-forwarded-for': `203.0.113.9, ${ip}` });

  it('sends at most five codes an hour to one address and says when to try again', async () => {
    const email = 'olga@example.com';
    expect((await t.post('signin', { email }, from('10.0.0.1'))).status).toBe(200);
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(60_000);
      expect((await t.post('resend-code', { email }, from(`10.0.1.${i}`))).status).toBe(200);
    }
    t.clock.advance(60_000);
    const sixth = await t.post('resend-code', { email }, from('10.0.2.1'));
    expect(sixth).toMatchObject({ status: 429, body: { success: false, message: apiMessages.tooManyRequests } });
    expect(sixth.headers.get('retry-after')).toBe(String(55 * 60));

    await t.drainOutbox();
    expect(await t.inbox()).toHaveLength(5);

    t.clock.advance(55 * 60_000);
    expect((await t.post('resend-code', { email }, from('10.0.2.2'))).status).toBe(200);
  });

  it('limits how often one network address may ask for codes', async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await t.post('signin', { email: `p${i}@example.com` }, from('10.9.9.9'))).status).toBe(200);
    const fourth = await t.post('signin', { email: 'p3@example.com' }, from('10.9.9.9'));
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone else is not affected.
    expect((await t.post('signin', { email: 'p3@example.com' }, from('10.9.9.8'))).status).toBe(200);
  });

  it('limits how many codes one network address may try', async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await t.post('verify', { email: 'q@example.com', code: '1234' }, from('10.8.8.8'))).status).toBe(422);
    expect((await t.post('verify', { email: 'q@example.com', code: '1234' }, from('10.8.8.8'))).status).toBe(429);
  });
});
