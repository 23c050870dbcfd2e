import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStoredSession } from '#shared/browser/stored-session.ts';
import { SOS_QUEUED_MESSAGE } from '#shared/browser/sos-messages.ts';
import type { SessionState } from '#shared/browser/session-state.ts';
import { getSessionState, persistSessionNow, resetAll, restoreSession } from '#client/lib/session/session-store.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { aContact } from '../../support/contacts.ts';
import { json } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { signIn } from '../../support/session.ts';
import { holdStateStore } from '../../support/held-state-store.ts';
import { fakeServiceWorker } from '../../support/sos-browser.ts';
import { resetSos } from '../../support/sos-state.ts';

// A file of its own: the store is restored here, as in the app, so it writes through to IndexedDB.

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetAll();
  await resetSos();
});

describe('an alert pressed offline', () => {
  /** Home signed in with a contact, the press queued by the worker; the SOS button ready. */
  async function homeReadyToPress() {
    await restoreSession();
    signIn();
    fakeServiceWorker();
    stubApi({
      'GET /api/contacts': () => ok([aContact({ id: 'c1' })]),
      'PUT /api/active-button': () => json(202, { success: true, queued: true, message: SOS_QUEUED_MESSAGE }),
    });
    const { router } = renderApp('/web/home');
    const button = await screen.findByRole('button', { name: 'SOS: avisar a mis contactos' });
    return { router, button };
  }

  it('is stored before the alert screen shows, so an app closed right then reopens on the alert', async () => {
    const { router, button } = await homeReadyToPress();
    // What a page opened the moment the alert screen shows would read (IndexedDB keeps the order of requests).
    let readAtNavigation: Promise<SessionState> | undefined;
    const navigated = new Promise<void>((resolve) =>
      router.subscribe('onBeforeNavigate', ({ toLocation }) => {
        if (toLocation.pathname !== '/web/active') return;
        readAtNavigation ??= readStoredSession();
        resolve();
      }),
    );
    // The press waits for the storage a limited time only (the other test): with the clock of that
    // limit stopped, the write is within it however long this machine's IndexedDB takes.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(button);
    await navigated;
    vi.useRealTimers();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active'));

    expect((await readAtNavigation)?.auth).toEqual(getSessionState().auth);
    expect(getSessionState().auth.alert_status).toBe(true);
  });

  it('shows the alert screen even while the storage is stuck, and stores the alert once it frees', async () => {
    const { router, button } = await homeReadyToPress();
    const stuck = await holdStateStore();
    try {
      fireEvent.click(button);
      // The store is still held here: the screen did not wait for it. Rendering a screen on two busy
      // cores may take seconds.
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active'), { timeout: 5000 });
      expect(getSessionState().auth.alert_status).toBe(true);
    } finally {
      // Released even when the screen never came: the next test's reset writes to the same store.
      await stuck.release();
    }
    await vi.waitFor(async () => expect((await readStoredSession()).auth).toEqual(getSessionState().auth));
    expect(getSessionState().auth.alert_status).toBe(true);
  });

  it('keeps the SOS button disabled from the press until the alert screen, so a second tap cannot start a second press', async () => {
    await restoreSession();
    signIn();
    const { calls } = stubApi({
      'GET /api/contacts': () => ok([aContact({ id: 'c1' })]),
      'PUT /api/active-button': () => ok({ alert_status: true, alert_id: 'a1' }),
    });
    const { router } = renderApp('/web/home');
    const button = await screen.findByRole('button', { name: 'SOS: avisar a mis contactos' });
    // Every state the button shows between the press and the alert screen (the store write takes a few tasks).
    const states: boolean[] = [];
    const observer = new MutationObserver(() => states.push((button as HTMLButtonElement).disabled));
    observer.observe(button, { attributes: true, attributeFilter: ['disabled'] });

    fireEvent.click(button);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active'));
    observer.disconnect();

    expect(states[0]).toBe(true);
    expect(states.slice(1)).not.toContain(false);
    expect(calls.filter((call) => call.url === '/api/active-button')).toHaveLength(1);
  });
});

describe('an alert ended with FINALIZAR ALERTA', () => {
  it('is stored as ended before home shows, so an app reloaded right then reopens on home', async () => {
    await restoreSession();
    signIn({ alert_status: true });
    // The alert as a reopened app would find it now.
    await persistSessionNow();
    stubApi({
      'GET /api/contacts': () => ok([aContact({ id: 'c1' })]),
      'PUT /api/active-button': () => ok({ alert_status: false, alert_id: 'a1' }),
    });
    const { router } = renderApp('/web/active');
    let readAtNavigation: Promise<SessionState> | undefined;
    router.subscribe('onBeforeNavigate', ({ toLocation }) => {
      if (toLocation.pathname === '/web/home') readAtNavigation ??= readStoredSession();
    });

    fireEvent.click(await screen.findByRole('button', { name: 'FINALIZAR ALERTA' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/home'));

    expect(readAtNavigation).toBeDefined();
    expect((await readAtNavigation)?.auth).toEqual({ ...getSessionState().auth, alert_status: false });
  });
});
