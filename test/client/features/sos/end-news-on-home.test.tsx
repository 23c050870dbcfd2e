import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endNewsTexts } from '#shared/end-news-texts.ts';
import { askAlertStatusHoldingEndNews } from '#client/features/sos/home/end-news-on-home.ts';
import { checkAlertWithServer, startAlertReconcile } from '#client/features/sos/press/reconcile-alert.ts';
import { persistSessionNow, resetAll, restoreSession } from '#client/lib/session/session-store.ts';
import { getToasts } from '#client/ui/toast-store.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { aContact } from '../../support/contacts.ts';
import type { Call } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { signIn } from '../../support/session.ts';
import { resetSos } from '../../support/sos-state.ts';

// An end whose answer came after the page that sent it had closed (the worker sent it): the
// person's status carries what it told them until the app has shown it (docs/decisions/051), and
// home says it once, in the box an end answered at once uses.

const luis = aContact({ id: 'c1', email_verified_at: '2026-01-11T09:00:00.000Z' });
const stops: (() => void)[] = [];

afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  vi.unstubAllGlobals();
  resetAll();
  await resetSos();
});

/**
 * The app on `path`, its server carrying the news of `alertId` until told it was shown; the check started
 * as main.tsx starts it. An alert of its own per test: a page shows an alert's news once.
 */
async function openApp(path: string, alertId: string) {
  await restoreSession();
  signIn({ alert_status: false });
  await persistSessionNow();
  let unread = true;
  const api = stubApi({
    'GET /api/contacts': () => ok([luis]),
    'GET /api/alert-deliveries': () =>
      ok({ alert_status: false, alert: null, end_news: unread ? { alert_id: alertId, contacts_told: 'none' } : null }),
    'POST /api/end-news/seen': (call: Call) => {
      if ((call.body as { alert_id: string }).alert_id === alertId) unread = false;
      return ok(null);
    },
  });
  const app = renderApp(path, { seed: (queryClient) => queryClient.setQueryData(['contacts'], [luis]) });
  stops.push(
    startAlertReconcile({
      path: () => app.router.state.location.pathname,
      goTo: (to) => void app.router.navigate({ to, replace: true }),
      askServer: askAlertStatusHoldingEndNews,
    }),
  );
  return { ...app, calls: api.calls, isUnread: () => unread };
}

const newsToasts = () =>
  getToasts()
    .filter((toast) => toast.message === endNewsTexts.none)
    .map(({ message, variant, screen: on }) => ({ message, variant, on }));

describe('the news of an end sent after its page closed', () => {
  it('is said once on home, in the warning box, and the server is told it was shown', async () => {
    const { isUnread, calls } = await openApp('/web/home', 'a8');
    expect(await screen.findByText(endNewsTexts.none)).toBeTruthy();
    expect(newsToasts()).toEqual([{ message: endNewsTexts.none, variant: 'warning', on: '/web/home' }]);
    await vi.waitFor(() => expect(isUnread()).toBe(false));
    expect(calls.filter((call) => call.url === '/api/end-news/seen').map((call) => call.body)).toEqual([
      { alert_id: 'a8' },
    ]);

    // The app comes back to the front: the status carries nothing more, and nothing is said again.
    await checkAlertWithServer();
    expect(newsToasts()).toHaveLength(1);
  });

  it('read on another screen, waits for home, and is said there', async () => {
    const { router, isUnread } = await openApp('/web/contact', 'a9');
    await screen.findByRole('button', { name: 'Guardar contacto' });
    await checkAlertWithServer();
    expect(screen.queryByText(endNewsTexts.none)).toBeNull();
    expect(isUnread()).toBe(true);

    await router.navigate({ to: '/web/home' });
    expect(await screen.findByText(endNewsTexts.none)).toBeTruthy();
    await vi.waitFor(() => expect(isUnread()).toBe(false));
  });
});
