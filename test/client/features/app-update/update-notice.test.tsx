import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactTexts } from '#shared/contact-texts/index.ts';
import { UPDATE_AFTER_FORM, UPDATE_AVAILABLE, UpdateNotice } from '#client/features/app-update/update-notice.tsx';
import { resetAppUpdate } from '#client/lib/app-update/app-update-store.ts';
import { FOREGROUND_CHECK_INTERVAL_MS, watchForUpdates } from '#client/lib/app-update/watch-for-updates.ts';
import { resetAll, setAuth } from '#client/lib/session/session-store.ts';
import { fakeRegistration, fakeWorker, moveTo, returnToApp } from '../../support/service-worker-registration.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { aContact } from '../../support/contacts.ts';
import { renderApp } from '../../support/render-app.tsx';
import { signIn } from '../../support/session.ts';

let stop: () => void = () => undefined;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  stop();
  stop = () => undefined;
  resetAppUpdate();
  resetAll();
  Reflect.deleteProperty(document, 'visibilityState');
});

function watch(browser: ReturnType<typeof fakeRegistration>) {
  act(() => {
    stop = watchForUpdates(browser.asRegistration, browser.env);
  });
}

function renderNotices() {
  render(<UpdateNotice />);
}

const updateButton = () => screen.getByRole('button', { name: 'Actualizar' });

describe('a new version', () => {
  it('waiting since an earlier visit is offered, and takes over only when the person presses Actualizar', () => {
    const waiting = fakeWorker('installed');
    const browser = fakeRegistration({ active: fakeWorker('activated'), waiting });
    renderNotices();
    watch(browser);

    expect(
      within(screen.getByRole('status', { name: UPDATE_AVAILABLE })).getByRole('button', { name: 'Actualizar' }),
    ).toBeTruthy();
    expect(waiting.posted).toEqual([]);
    expect(browser.reload).not.toHaveBeenCalled();

    fireEvent.click(updateButton());
    expect(waiting.posted).toEqual([{ type: 'SKIP_WAITING' }]);
    // The page reloads when the new worker controls it, not before: the old one still answers.
    expect(browser.reload).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Actualizando…' })).toHaveProperty('disabled', true);

    act(() => browser.takesControl(waiting));
    expect(browser.reload).toHaveBeenCalledTimes(1);
    // Another change of controller (a later update in another tab) does not reload again.
    act(() => browser.takesControl(fakeWorker('installed')));
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('found while the app is open is offered once installed, and never reloads the page by itself', () => {
    const browser = fakeRegistration({ active: fakeWorker('activated') });
    renderNotices();
    watch(browser);
    const next = browser.findUpdate();
    expect(screen.queryByText(UPDATE_AVAILABLE)).toBeNull();

    act(() => browser.waits(next));
    expect(screen.getByText(UPDATE_AVAILABLE)).toBeTruthy();

    // Another tab let it in: this page gets the new worker but keeps its screen until asked.
    act(() => browser.takesControl(next));
    expect(browser.reload).not.toHaveBeenCalled();
    expect(screen.getByText(UPDATE_AVAILABLE)).toBeTruthy();

    // Nothing waits any more, so the press only loads the new pages.
    fireEvent.click(updateButton());
    expect(next.posted).toEqual([]);
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('that fails to install is not offered', () => {
    const browser = fakeRegistration({ active: fakeWorker('activated') });
    renderNotices();
    watch(browser);
    const broken = browser.findUpdate();
    act(() => moveTo(broken, 'redundant'));
    expect(screen.queryByText(UPDATE_AVAILABLE)).toBeNull();
  });

  it('waits while an alert is active and is offered again once it ends', () => {
    signIn({ alert_status: true });
    const browser = fakeRegistration({ active: fakeWorker('activated'), waiting: fakeWorker('installed') });
    renderNotices();
    watch(browser);
    expect(screen.queryByText(UPDATE_AVAILABLE)).toBeNull();

    act(() => setAuth({ alert_status: false }));
    expect(screen.getByText(UPDATE_AVAILABLE)).toBeTruthy();
  });
});

describe("a new version and a contact's page", () => {
  it("is never offered on a contact's page, which speaks the contact's language", async () => {
    const browser = fakeRegistration({ active: fakeWorker('activated'), waiting: fakeWorker('installed') });
    const { router } = renderApp('/unauthorized');
    await screen.findByText('Acceso Denegado');
    watch(browser);
    // Offered on the app's own screens (its code is loaded from here on)...
    expect(await screen.findByText(UPDATE_AVAILABLE)).toBeTruthy();

    // ...but not on a page a contact's link opens, in Portuguese here.
    await router.navigate({ to: '/web/active/accept', search: { lang: 'pt' } });
    await screen.findByRole('heading', { name: contactTexts('pt').acceptHeading });
    expect({
      notice: screen.queryByText(UPDATE_AVAILABLE),
      button: screen.queryByRole('button', { name: 'Actualizar' }),
    }).toEqual({ notice: null, button: null });

    await router.navigate({ to: '/unauthorized' });
    expect(await screen.findByText(UPDATE_AVAILABLE)).toBeTruthy();
  });
});

describe('a new version offered while a form holds what the person typed', () => {
  it('keeps the text: Actualizar waits until the person leaves the form, and then updates', async () => {
    signIn();
    stubApi({ 'GET /api/contacts': () => ok([aContact()]) });
    const waiting = fakeWorker('installed');
    const browser = fakeRegistration({ active: fakeWorker('activated'), waiting });
    const { router } = renderApp('/web/contact');
    const name = await screen.findByLabelText('Nombres');
    watch(browser);
    fireEvent.input(name, { target: { value: 'Rosa' } });

    fireEvent.click(await screen.findByRole('button', { name: 'Actualizar' }));
    expect(screen.getByText(UPDATE_AFTER_FORM)).toBeTruthy();
    expect(waiting.posted).toEqual([]);
    expect(browser.reload).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Nombres') as HTMLInputElement).value).toBe('Rosa');

    await router.navigate({ to: '/web/home' });
    await vi.waitFor(() => expect(waiting.posted).toEqual([{ type: 'SKIP_WAITING' }]));
    act(() => browser.takesControl(waiting));
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('updates at once on a form nobody typed into', async () => {
    signIn();
    stubApi({ 'GET /api/contacts': () => ok([aContact()]) });
    const waiting = fakeWorker('installed');
    const browser = fakeRegistration({ active: fakeWorker('activated'), waiting });
    renderApp('/web/contact');
    await screen.findByLabelText('Nombres');
    watch(browser);

    fireEvent.click(await screen.findByRole('button', { name: 'Actualizar' }));
    expect(waiting.posted).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(screen.queryByText(UPDATE_AFTER_FORM)).toBeNull();
  });
});

describe('the first install', () => {
  it('takes control without reloading and offers no update', () => {
    const browser = fakeRegistration();
    renderNotices();
    watch(browser);
    const first = browser.findUpdate();
    act(() => moveTo(first, 'installed'));
    // clients.claim(): the page gets its first controller.
    act(() => browser.takesControl(first));
    expect(browser.reload).not.toHaveBeenCalled();
    expect(screen.queryByText(UPDATE_AVAILABLE)).toBeNull();
  });
});

describe('looking for a new version', () => {
  it('happens when the app returns to the foreground, at most every 30 minutes and only online', () => {
    const browser = fakeRegistration({ active: fakeWorker('activated') });
    watch(browser);

    returnToApp();
    expect(browser.registration.update).not.toHaveBeenCalled();

    browser.advance(FOREGROUND_CHECK_INTERVAL_MS);
    browser.setOnline(false);
    returnToApp();
    expect(browser.registration.update).not.toHaveBeenCalled();

    browser.setOnline(true);
    returnToApp();
    returnToApp();
    expect(browser.registration.update).toHaveBeenCalledTimes(1);
  });

  it('survives a failed check', async () => {
    const browser = fakeRegistration({ active: fakeWorker('activated') });
    browser.registration.update.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    watch(browser);
    browser.advance(FOREGROUND_CHECK_INTERVAL_MS);
    returnToApp();
    await vi.waitFor(() => expect(browser.registration.update).toHaveBeenCalledTimes(1));
  });
});
