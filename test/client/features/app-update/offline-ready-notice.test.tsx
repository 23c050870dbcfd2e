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

let stop: () => void = () => undefined;

afterEach(() => {
  stop();
  stop = () => undefined;
  resetAppUpdate();
});

/** The app's first service worker installs and, as a first install does, takes control of the page at once. */
function firstInstall() {
  const browser = fakeRegistration();
  act(() => {
    stop = watchForUpdates(browser.asRegistration, browser.env);
  });
  const first = browser.findUpdate();
  act(() => moveTo(first, 'installed'));
  act(() => browser.takesControl(first));
  return browser;
}

describe('the first install', () => {
  it('is announced once, at the top of the next screen, without moving the screen the person is using', async () => {
    const { router } = renderApp('/web/auth/signin');
    await screen.findByRole('button', { name: 'Continuar' });
    const browser = firstInstall();
    expect(browser.reload).not.toHaveBeenCalled();
    expect(screen.queryByText(READY_OFFLINE)).toBeNull();

    await router.navigate({ to: '/unauthorized' });
    await screen.findByText('Acceso Denegado');
    expect(screen.getByText(READY_OFFLINE).getAttribute('role')).toBe('status');

    await router.navigate({ to: '/web/auth/signin' });
    await screen.findByRole('button', { name: 'Continuar' });
    expect(screen.queryByText(READY_OFFLINE)).toBeNull();
    await router.navigate({ to: '/unauthorized' });
    await screen.findByText('Acceso Denegado');
    expect(screen.queryByText(READY_OFFLINE)).toBeNull();
  });

  it('waits past the alert screen and home, where what to do comes right under the title, for the screen after them', async () => {
    const { router } = renderApp('/unauthorized');
    await screen.findByText('Acceso Denegado');
    firstInstall();

    signIn({ alert_status: true });
    stubApi({ 'GET /api/contacts': () => ok([aContact()]) });
    await router.navigate({ to: '/web/active' });
    await screen.findByRole('link', { name: 'Enviar SMS a mis contactos' });
    expect(screen.queryByText(READY_OFFLINE)).toBeNull();
    signIn({ alert_status: false });
    await router.navigate({ to: '/web/home' });
    await screen.findByRole('heading', { name: 'Inicio' });
    expect(screen.queryByText(READY_OFFLINE)).toBeNull();

    await router.navigate({ to: '/unauthorized' });
    await screen.findByText('Acceso Denegado');
    expect(screen.getByText(READY_OFFLINE).getAttribute('role')).toBe('status');
  });

  it("never shows on a contact's page, which speaks the contact's language", async () => {
    const { router } = renderApp('/web/active/invalid?lang=en');
    await screen.findByRole('heading', { level: 1 });
    firstInstall();

    await router.navigate({ to: '/web/active/accept', search: { lang: 'en' } });
    await screen.findByRole('heading', { name: contactTexts('en').acceptHeading });
    expect(screen.queryByText(READY_OFFLINE)).toBeNull();
  });
});
