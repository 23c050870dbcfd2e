import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { contactTexts } from '#shared/contact-texts/index.ts';
import { READY_OFFLINE } from '#client/features/app-update/offline-ready-notice.tsx';
import { resetAppUpdate } from '#client/lib/app-update/app-update-store.ts';
import { watchForUpdates } from '#client/lib/app-update/watch-for-updates.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { aContact } from '../../support/contacts.ts';
import { renderApp } from '../../support/render-app.tsx';
import { signIn } from '../../support/session.ts';
import { fakeRegistration, moveTo } from '../../support/service-worker-registration.ts';

const CONFIRMED = '2026-01-11T09:00:00.000Z';

let stop: () => void = () => undefined;

afterEach(() => {
  stop();
  stop = () => undefined;
  resetAppUpdate();
});

/**
 * The app's first service worker installs and, as a first install does, takes control of the page at once.
 * The notice's code is fetched then (routes/root.tsx): a person moves on once it came, seconds later.
 */
async function firstInstall() {
  const browser = fakeRegistration();
  act(() => {
    stop = watchForUpdates(browser.asRegistration, browser.env);
  });
  const first = browser.findUpdate();
  act(() => moveTo(first, 'installed'));
  act(() => browser.takesControl(first));
  await act(() => import('#client/features/app-update/offline-ready-notice.tsx'));
  return browser;
}

describe('the first install', () => {
  it('is announced once, on home, never on the screens of sign-in', async () => {
    const confirmed = [aContact({ email_verified_at: CONFIRMED })];
    const { router } = renderApp('/web/auth/signin', {
      seed: (queryClient) => queryClient.setQueryData(['contacts'], confirmed),
    });
    await screen.findByRole('button', { name: 'Continuar' });
    const browser = await firstInstall();
    expect(browser.reload).not.toHaveBeenCalled();
    expect(screen.queryByText(READY_OFFLINE)).toBeNull();

    await router.navigate({ to: '/unauthorized' });
    await screen.findByText('Acceso Denegado');
    expect(screen.queryByText(READY_OFFLINE)).toBeNull();

    signIn({ alert_status: false });
    stubApi({ 'GET /api/contacts': () => ok(confirmed) });
    await router.navigate({ to: '/web/home' });
    await screen.findByRole('heading', { name: 'Inicio' });
    expect(screen.getByText(READY_OFFLINE).getAttribute('role')).toBe('status');

    await router.navigate({ to: '/unauthorized' });
    await screen.findByText('Acceso Denegado');
    expect(screen.queryByText(READY_OFFLINE)).toBeNull();
    await router.navigate({ to: '/web/home' });
    await screen.findByRole('heading', { name: 'Inicio' });
    expect(screen.queryByText(READY_OFFLINE)).toBeNull();
  });

  it('waits past home while home says nobody will be told, and past home just after an alert', async () => {
    const { router, queryClient } = renderApp('/unauthorized', {
      seed: (client) => client.setQueryData(['contacts'], [aContact()]),
    });
    await screen.findByText('Acceso Denegado');
    await firstInstall();

    signIn({ alert_status: false });
    stubApi({ 'GET /api/contacts': () => ok([aContact()]) });
    await router.navigate({ to: '/web/home' });
    await screen.findByRole('note', { name: 'Nadie recibirá tu alerta' });
    expect(screen.queryByText(READY_OFFLINE)).toBeNull();

    // The contact confirms; an alert, then home.
    const confirmed = [aContact({ email_verified_at: CONFIRMED })];
    stubApi({ 'GET /api/contacts': () => ok(confirmed) });
    queryClient.setQueryData(['contacts'], confirmed);
    signIn({ alert_status: true });
    await router.navigate({ to: '/web/active' });
    await screen.findByRole('link', { name: 'Enviar SMS a mis contactos' });
    expect(screen.queryByText(READY_OFFLINE)).toBeNull();
    signIn({ alert_status: false });
    await router.navigate({ to: '/web/home' });
    await screen.findByRole('heading', { name: 'Inicio' });
    expect(screen.queryByText(READY_OFFLINE)).toBeNull();

    await router.navigate({ to: '/unauthorized' });
    await screen.findByText('Acceso Denegado');
    expect(screen.queryByText(READY_OFFLINE)).toBeNull();
    await router.navigate({ to: '/web/home' });
    await screen.findByRole('heading', { name: 'Inicio' });
    expect(screen.getByText(READY_OFFLINE).getAttribute('role')).toBe('status');
  });

  it("never shows on a contact's page, which speaks the contact's language", async () => {
    const { router } = renderApp('/web/active/invalid?lang=en');
    await screen.findByRole('heading', { level: 1 });
    await firstInstall();

    await router.navigate({ to: '/web/active/accept', search: { lang: 'en' } });
    await screen.findByRole('heading', { name: contactTexts('en').acceptHeading });
    expect(screen.queryByText(READY_OFFLINE)).toBeNull();
  });
});
