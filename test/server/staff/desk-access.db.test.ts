import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '#shared/messages.ts';
import { staffPasskeys } from '#server/db/schema.ts';
import { addStaff } from '#server/staff/staff-members.ts';
import { staffBearer } from '../../support/staff.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

// The desk's way in before a session (/api/desk/access/*) and the team's routes. The passkey
// ceremonies themselves run in a real browser (test/e2e/desk-access.test.ts).

const staffCodeSubject = /^Tu código para el escritorio de IAD: (\d{4})$/;

describe('the desk’s way in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The subjects of every e-mail to `email` so far. */
  async function subjectsTo(email: string): Promise<string[]> {
    await t.drainOutbox();
    return (await t.inbox())
      .filter((m) => m.to && !Array.isArray(m.to) && m.to.value.some((a) => a.address === email))
      .map((m) => m.subject ?? '');
  }

  async function codeFor(email: string): Promise<string> {
    const subject = (await subjectsTo(email)).findLast((s) => staffCodeSubject.test(s)) ?? '';
    return staffCodeSubject.exec(subject)?.[1] ?? '';
  }

  it('e-mails a code to an invited address without a passkey, and answers a stranger the same, sending nothing', async () => {
    await addStaff(t.db, 'nueva@firma.example', 'responder', t.clock.now());
    const invited = await t.post('desk/access/code', { email: 'Nueva@Firma.example' });
    const stranger = await t.post('desk/access/code', { email: 'nadie@firma.example' });
    expect(invited).toMatchObject({ status: 200, body: { success: true, message: apiMessages.staffCodeSent } });
    expect(stranger.body).toEqual(invited.body);
    expect(await subjectsTo('nueva@firma.example')).toEqual([expect.stringMatching(staffCodeSubject)]);
    expect(await subjectsTo('nadie@firma.example')).toEqual([]);
    const [mail] = (await t.inbox()).filter((m) => staffCodeSubject.test(m.subject ?? ''));
    expect(mail?.text).toContain('Abre http://localhost:');
    expect(mail?.text).toContain('/web/desk');
    expect(t.log.text()).not.toContain('nueva@firma.example');
  });

  it('turns a right code into passkey options for localhost, once; a wrong code is a 422', async () => {
    await addStaff(t.db, 'ana@firma.example', 'admin', t.clock.now());
    await t.post('desk/access/code', { email: 'ana@firma.example' });
    const code = await codeFor('ana@firma.example');
    const wrong = await t.post('desk/access/enrol-options', {
      email: 'ana@firma.example',
      code: code === '0000' ? '0001' : '0000',
    });
    expect(wrong).toMatchObject({ status: 422, body: { errors: { code: [apiMessages.codeWrong] } } });

    const right = await t.post('desk/access/enrol-options', { email: 'ana@firma.example', code });
    expect(right.status).toBe(200);
    expect(right.body.message).toMatchObject({
      ticket: expect.stringMatching(/^[0-9a-f-]{36}$/),
      options: {
        rp: { id: 'localhost', name: 'Escritorio de IAD' },
        user: { name: 'ana@firma.example' },
        attestation: 'none',
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      },
    });
    const again = await t.post('desk/access/enrol-options', { email: 'ana@firma.example', code });
    expect(again).toMatchObject({ status: 422, body: { errors: { code: [apiMessages.codeExpired] } } });

    // An answer that is no passkey's: refused, and the ticket is spent.
    const { ticket } = right.body.message as { ticket: string };
    const bogus = { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'e30' } };
    expect(await t.post('desk/access/enrol', { ticket, answer: bogus })).toMatchObject({
      status: 422,
      body: { message: apiMessages.passkeyFailed },
    });
    expect(await t.post('desk/access/enrol', { ticket, answer: bogus })).toMatchObject({
      status: 422,
      body: { message: apiMessages.ceremonyExpired },
    });
  });

  it('sends no code to an address that already has its passkey: the code only enrols the first', async () => {
    const member = await addStaff(t.db, 'con-llave@firma.example', 'responder', t.clock.now());
    if (member === 'last-admin') throw new Error('a new responder cannot be the only admin');
    await t.db
      .insert(staffPasskeys)
      .values({ id: 'cred-1', staffId: member.id, publicKey: 'AAAA', counter: 0, createdAt: t.clock.now() });
    expect((await t.post('desk/access/code', { email: 'con-llave@firma.example' })).status).toBe(200);
    expect(await subjectsTo('con-llave@firma.example')).toEqual([]);
  });

  it('refuses a passkey nobody on the staff owns, and a ticket used twice', async () => {
    const options = await t.post('desk/access/signin-options', {});
    expect(options.body.message).toMatchObject({
      options: { rpId: 'localhost', userVerification: 'required' },
    });
    const { ticket } = options.body.message as { ticket: string };
    const answer = {
      id: 'nobody',
      rawId: 'nobody',
      type: 'public-key',
      response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
    };
    expect(await t.post('desk/access/signin', { ticket, answer })).toMatchObject({
      status: 401,
      body: { message: apiMessages.passkeyUnknown },
    });
    expect(await t.post('desk/access/signin', { ticket, answer })).toMatchObject({ status: 422 });
    expect(await t.post('desk/access/signin', { ticket: 'x', answer })).toMatchObject({ status: 422 });
  });

  it('lets an admin invite and remove staff, never themselves; a responder may not', async () => {
    const admin = await staffBearer(t, { role: 'admin', email: 'jefa@firma.example' });
    const responder = await staffBearer(t, { role: 'responder', email: 'luis@firma.example' });
    const invite = { email: 'rosa@firma.example', role: 'responder' };
    expect((await t.call('POST', 'desk/staff', { token: responder.token, body: invite })).status).toBe(403);
    expect(
      await t.call('POST', 'desk/staff', { token: admin.token, body: { email: 'x', role: 'jefe' } }),
    ).toMatchObject({
      status: 422,
      body: { errors: { email: [expect.any(String)], role: ['Elige un rol: responder o admin.'] } },
    });
    const invited = await t.call('POST', 'desk/staff', { token: admin.token, body: invite });
    expect(invited).toMatchObject({
      status: 201,
      body: { message: { email: 'rosa@firma.example', role: 'responder', onCall: false } },
    });
    expect(await subjectsTo('rosa@firma.example')).toEqual([expect.stringMatching(staffCodeSubject)]);

    expect(await t.call('DELETE', `desk/staff/${admin.staffId}`, { token: admin.token })).toMatchObject({
      status: 409,
      body: { message: apiMessages.staffCannotRemoveSelf },
    });
    expect((await t.call('DELETE', `desk/staff/${responder.staffId}`, { token: admin.token })).status).toBe(200);
    expect((await t.call('GET', 'desk/me', { token: responder.token })).status).toBe(401);
    expect((await t.call('DELETE', `desk/staff/${responder.staffId}`, { token: admin.token })).status).toBe(404);
  });

  it("saves 'De guardia', and signing out ends the token at once", async () => {
    const { token } = await staffBearer(t, { role: 'responder' });
    expect(await t.call('PATCH', 'desk/me', { token, body: { onCall: 'sí' } })).toMatchObject({ status: 422 });
    expect((await t.call('PATCH', 'desk/me', { token, body: { onCall: true } })).status).toBe(200);
    expect((await t.call('GET', 'desk/me', { token })).body.message).toMatchObject({ onCall: true });
    expect((await t.call('POST', 'desk/signout', { token })).status).toBe(200);
    expect((await t.call('GET', 'desk/me', { token })).status).toBe(401);
  });
});
