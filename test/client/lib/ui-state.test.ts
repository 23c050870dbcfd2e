import { createStore, entries } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEncryptedStorage } from '#shared/browser/encrypted-storage.ts';
import { defaultSessionState } from '#shared/browser/session-state.ts';
import { SESSION_STORE_KEY } from '#shared/constants.ts';
import { aSession } from '../support/session.ts';

// SPEC.md section 3's UI state: isDark, sidebarCollapsed, language, persisted
// encrypted with the session (DESIGN.md section 5) and parsed when read back.

const stored = createEncryptedStorage(SESSION_STORE_KEY);

/** The session store as a freshly opened app has it: a new module, nothing restored yet. */
async function reopenApp() {
  vi.resetModules();
  const store = await import('#client/lib/session/session-store.ts');
  await store.restoreSession();
  return store;
}

afterEach(async () => {
  await stored.remove();
});

describe('the UI state', () => {
  it('starts light, with the sidebar open and English', () => {
    expect(defaultSessionState().ui).toEqual({ isDark: false, sidebarCollapsed: false, language: 'en' });
  });

  it('is kept encrypted with the session and comes back when the app is opened again', async () => {
    const first = await reopenApp();
    first.setAuth(aSession());
    first.setUi({ isDark: true, sidebarCollapsed: true, language: 'es' });
    await first.persistSessionNow();

    const raw = (await entries(createStore('sos-state', 'state')))
      .map(([, value]) => new TextDecoder('latin1').decode(value as Uint8Array))
      .join();
    expect(raw).not.toContain('sidebarCollapsed');

    const again = await reopenApp();
    expect(again.getSessionState().ui).toEqual({ isDark: true, sidebarCollapsed: true, language: 'es' });
    expect(again.getSessionState().auth.email).toBe('ana@example.com');
  });

  it('falls back field by field when what was stored is not what we wrote, keeping the session', async () => {
    await stored.write(
      JSON.stringify({ auth: aSession(), ui: { isDark: 'yes', sidebarCollapsed: true, language: 5 } }),
    );
    const app = await reopenApp();
    expect(app.getSessionState().ui).toEqual({ isDark: false, sidebarCollapsed: true, language: 'en' });
    expect(app.getSessionState().auth.access_token).toBe('access-1');
  });

  it('gets its defaults when the stored state predates it', async () => {
    await stored.write(JSON.stringify({ auth: aSession() }));
    const app = await reopenApp();
    expect(app.getSessionState().ui).toEqual(defaultSessionState().ui);
  });

  it('goes back to its defaults with the rest of the session when it ends', async () => {
    const app = await reopenApp();
    app.setAuth(aSession());
    app.setUi({ isDark: true, language: 'es' });
    app.resetAll();
    expect(app.getSessionState().ui).toEqual(defaultSessionState().ui);
    await app.persistSessionNow();
    expect((await reopenApp()).getSessionState().ui).toEqual(defaultSessionState().ui);
  });
});
