import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages, fieldMessages } from '#shared/messages.ts';
import { eq } from 'drizzle-orm';
import { outbox } from '#server/db/schema.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { NOT_A_BARE_ADDRESS } from '#server/mail/transport.ts';
import { mailsTo, unsubscribeTokenIn } from '#test/support/contact-mail.ts';
import { signUp } from '#test/support/sign-up.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

// The address every limit counts is the address the e-mail goes to: anything a
// mail library could read as another mailbox is refused before it is counted.

/** Ways to write t@example.org that a mail library delivers to t@example.org. */
const variants = [
  '1<t@example.org>',
  'x <t@example.org>',
  '"t" <t@example.org>',
  'a,t@example.org',
  'a;t@example.org',
  'a(c)t@example.org',
  'g:t@example.org;',
  't@example.org (c)',
];

describe('e-mail addresses are bare addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date('2026-03-01T10:00:00Z'));
  });
  afterAll(() => t.close());

  it('refuses an address with a name, a list or brackets, so the per-address code limit holds', async () => {
    const email = 't@example.org';
    expect((await t.post('signin', { email })).status).toBe(200);
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(60_000);
      expect((await t.post('resend-code', { email })).status).toBe(200);
    }
    for (const variant of variants) {
      for (const route of ['signin', 'resend-code']) {
        const reply = await t.post(route, { email: variant });
        expect(reply, `${route} ${variant}`).toMatchObject({
          status: 422,
          body: { success: false, errors: { email: [fieldMessages.emailNotBare] } },
        });
      }
    }
    expect((await t.post('resend-code', { email })).status).toBe(429);
    expect(await mailsTo(t, email)).toHaveLength(5);
  });

  it('stores an address once normalised: trimmed and lower-case', async () => {
    expect((await t.post('signin', { email: '  Rosa@Example.ORG ' })).status).toBe(200);
    expect(await mailsTo(t, 'rosa@example.org')).toHaveLength(1);
    const rows = await t.db.select({ recipient: outbox.recipient }).from(outbox);
    expect(rows.map((row) => row.recipient)).toContain('rosa@example.org');
    expect(rows.map((row) => row.recipient)).not.toContain('  Rosa@Example.ORG ');
  });

  it('does not let a contact who opted out be added again as a variant of the same address', async () => {
    const ana = await signUp(t, 'ana-bare@example.com');
    const added = await t.call('POST', 'contacts', {
      token: ana.access_token,
      body: {
        firstname: 'Jorge',
        lastname: 'Pérez',
        email: 'jorge@example.com',
        phone: '+13055550124',
        kinship: 'Hermano',
      },
    });
    expect(added.status).toBe(200);
    const [invitation] = await mailsTo(t, 'jorge@example.com');
    expect((await t.call('POST', 'unsubscribe', { body: { token: unsubscribeTokenIn(invitation) } })).status).toBe(200);

    for (const email of ['x<jorge@example.com>', 'Jorge <jorge@example.com>', 'a,jorge@example.com']) {
      const again = await t.call('POST', 'contacts', {
        token: ana.access_token,
        body: { firstname: 'Jorge', lastname: 'Pérez', email, phone: '+13055550124', kinship: 'Hermano' },
      });
      expect(again, email).toMatchObject({
        status: 422,
        body: { success: false, errors: { email: [fieldMessages.emailNotBare] } },
      });
    }
    // Re-adding the address itself is allowed (the terms allow any contact) but sends nothing.
    const readded = await t.call('POST', 'contacts', {
      token: ana.access_token,
      body: {
        firstname: 'Jorge',
        lastname: 'Pérez',
        email: ' JORGE@example.com',
        phone: '+13055550124',
        kinship: 'Hermano',
      },
    });
    expect(readded.body).toMatchObject({ success: false, message: apiMessages.contactDuplicate });
    expect(await mailsTo(t, 'jorge@example.com')).toHaveLength(1);
  });

  it('gives up at once on a queued e-mail whose recipient is not a bare address, and delivers nothing for it', async () => {
    const id = await enqueueMail(
      t.db,
      'new-session',
      'Jorge <pilar@example.org>',
      { firstname: 'Ana', device: 'Chrome en Android', at: t.clock.now().toISOString() },
      t.clock.now(),
    );
    await t.drainOutbox();
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: NOT_A_BARE_ADDRESS, sentAt: null });
    expect(await mailsTo(t, 'pilar@example.org')).toEqual([]);
    expect(t.log.text()).not.toContain('pilar@example.org');
  });
});
