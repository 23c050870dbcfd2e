import { afterEach, describe, expect, it } from 'vitest';
import { resetAll, setAuth } from '#client/lib/session/session-store.ts';
import { createTestRouter } from '../support/render-app.tsx';
import { signIn } from '../support/session.ts';

async function open(path: string) {
  const { router, history } = createTestRouter(path);
  await router.load();
  return {
    path: router.state.location.pathname,
    from: router.state.location.state.from,
    historyLength: history.length,
  };
}

afterEach(() => resetAll());

describe('where a person lands', () => {
  it('sends / and /web to home, and an anonymous person from home to sign-in', async () => {
    expect((await open('/')).path).toBe('/web/auth/signin');
    expect((await open('/web')).path).toBe('/web/auth/signin');
    signIn();
    expect((await open('/')).path).toBe('/web/home');
    expect((await open('/web')).path).toBe('/web/home');
  });

  it('replaces the address and remembers where the person was going', async () => {
    const landing = await open('/web/profile');
    expect(landing.path).toBe('/web/auth/signin');
    expect(landing.from).toBe('/web/profile');
    expect(landing.historyLength).toBe(1);
  });

  it('sends a signed-in person without contacts from home to the first-contact screen', async () => {
    signIn({ contacts: 0 });
    expect((await open('/web/home')).path).toBe('/web/auth/contacts');
  });

  it('sends a person with an active alert from home to the active-alert screen', async () => {
    signIn({ alert_status: true });
    expect((await open('/web/home')).path).toBe('/web/active');
  });

  it('shows home to a signed-in person with contacts and no alert', async () => {
    signIn();
    expect((await open('/web/home')).path).toBe('/web/home');
  });

  it('treats an expired or missing expiry as signed out', async () => {
    signIn({ expires_at: new Date(Date.now() - 1000).toISOString() });
    expect((await open('/web/home')).path).toBe('/web/auth/signin');
    signIn({ expires_at: 'not a date' });
    expect((await open('/web/home')).path).toBe('/web/auth/signin');
  });

  // Every screen under the _authed layout: its one guard covers each, remembering where the person was going.
  it.each(['/web/home', '/web/check-in', '/web/practice', '/web/profile', '/web/contact', '/web/contact/42'])(
    'needs a session for %s',
    async (path) => {
      expect(await open(path)).toEqual({ path: '/web/auth/signin', from: path, historyLength: 1 });
      signIn();
      expect((await open(path)).path).toBe(path);
    },
  );

  it.each(['/web/check-in', '/web/practice'])(
    "keeps home's own rules for %s after the sign-in: contacts first, then an active alert",
    async (path) => {
      signIn({ contacts: 0, alert_status: true });
      expect((await open(path)).path).toBe('/web/auth/contacts');
      signIn({ alert_status: true });
      expect((await open(path)).path).toBe('/web/active');
    },
  );

  it('shows the active-alert screen only to a signed-in person with an active alert', async () => {
    expect((await open('/web/active')).path).toBe('/web/auth/signin');
    signIn();
    // Sent to sign-in, which in turn sends a signed-in person home.
    expect((await open('/web/active')).path).toBe('/web/home');
    signIn({ alert_status: true });
    expect((await open('/web/active')).path).toBe('/web/active');
  });

  it.each([
    '/web/active/unsubscribe?token=abc',
    '/web/active/accept',
    '/web/active/invalid',
    '/web/active/verify/abc',
    '/web/active/confirm?token=abc',
  ])('opens the contact page %s without a session', async (path) => {
    expect((await open(path)).path).toBe(path.split('?')[0]);
  });

  it.each(['/web/active/unsubscribe', '/web/active/confirm', '/web/active/confirm?token='])(
    'treats the contact link %s, which has no token, as an invalid link',
    async (path) => {
      expect((await open(path)).path).toBe('/web/active/invalid');
    },
  );

  it('sends /web/auth to sign-in and a signed-in person away from sign-in', async () => {
    expect((await open('/web/auth')).path).toBe('/web/auth/signin');
    expect((await open('/web/auth/signin')).path).toBe('/web/auth/signin');
    signIn();
    expect((await open('/web/auth/signin')).path).toBe('/web/home');
  });

  it('lets the code screen open only after an e-mail was given', async () => {
    expect((await open('/web/auth/verify')).path).toBe('/web/auth/signin');
    setAuth({ email: 'ana@example.com' });
    expect((await open('/web/auth/verify')).path).toBe('/web/auth/verify');
    setAuth({ code: '1234' });
    expect((await open('/web/auth/verify')).path).toBe('/web/auth/signup');
    signIn();
    expect((await open('/web/auth/verify')).path).toBe('/web/home');
  });

  it('lets the signup screen open only with an e-mail or code, and never when signed in', async () => {
    expect((await open('/web/auth/signup')).path).toBe('/web/auth/signin');
    setAuth({ email: 'ana@example.com', code: '1234' });
    expect((await open('/web/auth/signup')).path).toBe('/web/auth/signup');
    signIn();
    expect((await open('/web/auth/signup')).path).toBe('/web/home');
  });

  it('shows the first-contact screen only to a signed-in person without contacts', async () => {
    expect((await open('/web/auth/contacts')).path).toBe('/web/auth/signin');
    signIn({ contacts: 0 });
    expect((await open('/web/auth/contacts')).path).toBe('/web/auth/contacts');
    signIn({ contacts: 2 });
    expect((await open('/web/auth/contacts')).path).toBe('/web/home');
  });
});
