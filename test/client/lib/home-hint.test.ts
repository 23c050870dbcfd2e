import { afterEach, describe, expect, it } from 'vitest';
import { HOME_HINT_KEY, SIGNED_IN_HINT_KEY } from '#client/lib/home-hint-key.ts';
import { keepHomeHint, opensHome } from '#client/lib/home-hint.ts';
import { getSessionState, resetAll, setAuth } from '#client/lib/session/session-store.ts';
import { createTestRouter } from '../support/render-app.tsx';
import { aSession, signIn } from '../support/session.ts';

const stops: Array<() => void> = [];
const hint = () => localStorage.getItem(HOME_HINT_KEY) === '1';

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  resetAll();
  localStorage.clear();
});

describe('the hint that home comes next', () => {
  it('follows the session: set while it opens home, gone on an alert and on sign-out', () => {
    stops.push(keepHomeHint());
    expect(hint()).toBe(false);

    signIn();
    expect(localStorage.getItem(HOME_HINT_KEY)).toBe('1');
    setAuth({ alert_status: true });
    expect(hint()).toBe(false);
    setAuth({ alert_status: false });
    expect(hint()).toBe(true);
    resetAll();
    expect(hint()).toBe(false);
  });

  it('holds nothing personal: two keys, the value 1', () => {
    stops.push(keepHomeHint());
    signIn();
    expect(Object.keys(localStorage).sort()).toEqual([HOME_HINT_KEY, SIGNED_IN_HINT_KEY].sort());
    expect(localStorage.getItem(HOME_HINT_KEY)).toBe('1');
    expect(localStorage.getItem(SIGNED_IN_HINT_KEY)).toBe('1');
  });

  it('says signed in, for the public screens, whatever screen the session opens on', () => {
    stops.push(keepHomeHint());
    const signedIn = () => localStorage.getItem(SIGNED_IN_HINT_KEY) === '1';
    expect(signedIn()).toBe(false);
    signIn();
    setAuth({ contacts: 0 });
    expect([hint(), signedIn()]).toEqual([false, true]);
    setAuth({ contacts: 1, alert_status: true });
    expect([hint(), signedIn()]).toEqual([false, true]);
    setAuth({ expires_at: new Date(Date.now() - 1000).toISOString() });
    expect(signedIn()).toBe(false);
    signIn();
    resetAll();
    expect([hint(), signedIn()]).toEqual([false, false]);
  });

  it('says home exactly when the router lets the person stay on home', async () => {
    const expired = new Date(Date.now() - 1000).toISOString();
    const cases = [
      aSession(),
      aSession({ contacts: 0 }),
      aSession({ alert_status: true }),
      aSession({ expires_at: expired }),
      aSession({ access_token: '' }),
    ];
    for (const session of cases) {
      resetAll();
      setAuth(session);
      const { router } = createTestRouter('/web/home');
      await router.load();
      expect(opensHome(getSessionState().auth)).toBe(router.state.location.pathname === '/web/home');
    }
  });
});
