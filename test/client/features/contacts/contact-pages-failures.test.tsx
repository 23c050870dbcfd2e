import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as apiMessages from '#shared/api-messages.ts';
import type { AckView } from '#shared/api/deliveries.ts';
import { contactTexts } from '#shared/contact-texts/index.ts';
import { CONNECTION_STATUS_NAME, OFFLINE_NEEDS_SIGNAL } from '#client/features/offline/offline-texts.ts';
import { resetAll } from '#client/lib/session/session-store.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { json } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';

// What a contact's page says when the network or the server fails them: in the contact's
// language, like the rest of the page, never the app's Spanish banner or the API's Spanish message.

const TOKEN = 'tok_'.padEnd(43, 'b');
const ht = contactTexts('ht');
const pt = contactTexts('pt');

const view: AckView = {
  person: { name: 'Rosa Prueba', phone: '+13055550123' },
  contact_firstname: 'Jean',
  practice: false,
  pressed_at: '2026-03-01T12:00:00.000Z',
  timezone: 'America/New_York',
  position: null,
  status: 'active',
  acknowledged_at: null,
};

/** The browser loses or regains the network: navigator.onLine changes, then the window hears about it. */
function goOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

/** The Spanish a contact's page could show when something fails: the banner, the API's and the client's messages. */
const SPANISH = [
  OFFLINE_NEEDS_SIGNAL,
  CONNECTION_STATUS_NAME,
  apiMessages.tooManyRequests,
  apiMessages.serverError,
  apiMessages.networkError,
  apiMessages.timeout,
  'Cerrar aviso',
];
const spanishIn = (text: string) => SPANISH.filter((spanish) => text.includes(spanish));

beforeEach(() => {
  window.dataLayer = [];
  resetAll();
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine');
  vi.unstubAllGlobals();
});

describe("a contact's page when the network or the server fails", () => {
  it("says there is no signal in Creole on the 'Lo tengo' page, instead of the app's Spanish banner", async () => {
    stubApi({ [`GET /api/ack/${TOKEN}`]: () => ok(view) });
    renderApp(`/web/active/ack/${TOKEN}?lang=ht`);
    await screen.findByRole('button', { name: ht.ackButton });

    goOnline(false);
    const notice = screen.getByRole('status', { name: ht.connectionStatus });
    expect({ notice: notice.textContent, spanish: spanishIn(document.body.innerHTML) }).toEqual({
      notice: ht.offlineNeedsSignal,
      spanish: [],
    });
    goOnline(true);
    expect(screen.queryByRole('status', { name: ht.connectionStatus })).toBeNull();
  });

  it("offers the language switch on the 'Lo tengo' page while it waits for signal to load the alert", async () => {
    stubApi({
      [`GET /api/ack/${TOKEN}`]: () => new Promise<never>(() => undefined),
      'PUT /api/contact-language': () => ok('Guardamos el idioma de tus correos.'),
    });
    goOnline(false);
    renderApp(`/web/active/ack/${TOKEN}?lang=pt`);
    await screen.findByText(pt.ackLoading);
    fireEvent.click(
      within(screen.getByRole('navigation', { name: pt.switchLabel })).getByRole('button', { name: 'Kreyòl ayisyen' }),
    );
    await screen.findByText(ht.ackLoading);
    expect({
      lang: document.documentElement.lang,
      notice: screen.getByRole('status', { name: ht.connectionStatus }).textContent,
      switch: within(screen.getByRole('navigation', { name: ht.switchLabel }))
        .getAllByRole('button')
        .map((button) => button.textContent),
      spanish: spanishIn(document.body.innerHTML),
    }).toEqual({
      lang: 'ht',
      notice: ht.offlineNeedsSignal,
      switch: ['Español', 'English', 'Português'],
      spanish: [],
    });
  });

  it("says a failed load and a refused press in Creole, the notice's close button too", async () => {
    let up = false;
    stubApi({
      [`GET /api/ack/${TOKEN}`]: () => (up ? ok(view) : Promise.reject(new TypeError('Failed to fetch'))),
      'POST /api/ack': () =>
        json(429, { success: false, message: apiMessages.tooManyRequests }, { 'retry-after': '60' }),
    });
    renderApp(`/web/active/ack/${TOKEN}?lang=ht`);
    await screen.findByRole('heading', { name: ht.ackLoadFailed }, { timeout: 5_000 });
    expect({
      said: screen.getByText(ht.requestFailed).getAttribute('role'),
      spanish: spanishIn(document.body.innerHTML),
    }).toEqual({
      said: 'alert',
      spanish: [],
    });

    up = true;
    fireEvent.click(screen.getByRole('button', { name: ht.tryAgain }));
    fireEvent.click(await screen.findByRole('button', { name: ht.ackButton }));
    await screen.findByText(ht.tooManyTries);
    expect({
      close: screen.getAllByRole('button', { name: ht.closeNotice }).length,
      spanish: spanishIn(document.body.innerHTML),
    }).toEqual({ close: 1, spanish: [] });
  });

  it('says a server error in Portuguese on the unsubscribe page', async () => {
    stubApi({ 'POST /api/unsubscribe': () => json(500, { success: false, message: apiMessages.serverError }) });
    renderApp(`/web/active/unsubscribe?token=${TOKEN}&lang=pt`);
    fireEvent.click(await screen.findByRole('button', { name: pt.unsubscribeButton }));
    await screen.findByText(pt.requestFailed);
    expect(spanishIn(document.body.innerHTML)).toEqual([]);
  });
});
