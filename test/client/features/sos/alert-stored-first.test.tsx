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
import { fakeServiceWorker } from '../../support/sos-browser.ts';
import { resetSos } from '../../support/sos-state.ts';
import { dismissAllToasts } from '../../support/toasts.ts';

// A file of its own: the store is restored here, as in the app, so it writes through to IndexedDB.

afterEach(async () => {
  vi.unstubAllGlobals();
  dismissAllToasts();
  resetAll();
  await resetSos();
});

describe('an alert pressed offline', () => {
  it('is stored before the alert screen shows, so an app closed right then reopens on the alert', async () => {
    await restoreSession();
    signIn();
    fakeServiceWorker();
    stubApi({
      'GET /api/contacts': () => ok([aContact({ id: 'c1' })]),
      'PUT /api/active-button': () => json(202, { success: true, queued: true, message: SOS_QUEUED_MESSAGE }),
    });
    const { router } = renderApp('/web/home');
    // What a page opened the moment the alert screen shows would read (IndexedDB keeps the order of requests).
    let readAtNavigation: Promise<SessionState> | undefined;
    router.subscribe('onBeforeNavigate', ({ toLocation }) => {
      if (toLocation.pathname === '/web/active') readAtNavigation ??= readStoredSession();
    });

    fireEvent.click(await screen.findByRole('button', { name: 'SOS: avisar a mis contactos' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active'));

    expect(readAtNavigation).toBeDefined();
    expect((await readAtNavigation)?.auth.alert_status).toBe(true);
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
