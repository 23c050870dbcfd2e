import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../support/api-stub.ts';
import { json } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { contactPageTitles } from '#shared/contact-texts/page-titles.ts';
import { linkPageFrame } from '#shared/link-page-frame.ts';

// The pages a contact's links open follow `?lang=en` (or pt, ht), switch in place, pass
// the language on to the page they lead to, and keep a switch for the contact.

const TOKEN = 'q3M9kZ2xV7bN1cW4rT8yU0pL5sD6fG2hJ9aE3iO7uK1';
const INVALID = 'Lo sentimos, el enlace que usaste no es válido o ya expiró.';

beforeEach(() => {
  window.dataLayer = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.lang = 'es';
});

describe('a contact page in the contact’s language', () => {
  it('opens in English with lang=en, switches to Spanish in place, and back', async () => {
    const { router } = renderApp('/web/active/invalid?lang=en');
    expect(await screen.findByRole('heading', { name: 'Invalid link', level: 1 })).toBeTruthy();
    expect(screen.getByText("Sorry, the link you used isn't valid or has expired.")).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    const toSpanish = within(screen.getByRole('navigation', { name: 'Language' })).getByRole('button', {
      name: 'Español',
    });
    expect(toSpanish.getAttribute('lang')).toBe('es');

    fireEvent.click(toSpanish);
    expect(await screen.findByRole('heading', { name: 'Token Inválido', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/web/active/invalid');
    expect(router.state.location.search).toEqual({});
    expect(document.documentElement.lang).toBe('es');

    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Idioma' })).getByRole('button', { name: 'English' }),
    );
    expect(await screen.findByRole('heading', { name: 'Invalid link', level: 1 })).toBeTruthy();
    expect(router.state.location.search).toEqual({ lang: 'en' });
  });

  it('keeps the token when switching, and leads a refused link to the invalid page in English', async () => {
    stubApi({ 'POST /api/unsubscribe': () => json(404, { success: false, message: INVALID }) });
    const { router } = renderApp(`/web/active/unsubscribe?token=${TOKEN}&lang=en`);
    expect(await screen.findByRole('heading', { name: 'Stop getting emails' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Español' }));
    expect(await screen.findByRole('heading', { name: 'Dejar de recibir correos' })).toBeTruthy();
    expect(router.state.location.search).toEqual({ token: TOKEN });
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe me' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active/invalid'));
    expect(await screen.findByRole('heading', { name: 'Invalid link' })).toBeTruthy();
    expect(router.state.location.search).toEqual({ lang: 'en' });
  });

  it('shows the terms in English and welcomes the contact in English after accepting', async () => {
    stubApi({ [`GET /api/verify-contact/${TOKEN}`]: () => ok('Gracias. Ahora eres contacto de emergencia.') });
    const { router } = renderApp(`/web/active/verify/${TOKEN}?lang=en`);
    const dialog = await screen.findByRole('dialog', { name: 'Terms and conditions' });
    expect(within(dialog).getByText('Effective March 7, 2025.')).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: '5. No guarantee of delivery' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active/accept'));
    expect(await screen.findByRole('heading', { name: 'Welcome!' })).toBeTruthy();
    expect(router.state.location.search).toEqual({ lang: 'en' });
  });

  it("offers every other language by its own name, and keeps the switch for the contact with the page's token", async () => {
    const { calls } = stubApi({ 'PUT /api/contact-language': () => ok('Guardamos el idioma de tus correos.') });
    const { router } = renderApp(`/web/active/unsubscribe?token=${TOKEN}&lang=pt`);
    expect(await screen.findByRole('heading', { name: 'Parar de receber e-mails' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('pt-BR');
    const others = within(screen.getByRole('navigation', { name: 'Idioma' })).getAllByRole('button');
    expect(others.map((button) => [button.textContent, button.getAttribute('lang')])).toEqual([
      ['Español', 'es'],
      ['English', 'en'],
      ['Kreyòl ayisyen', 'ht'],
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Kreyòl ayisyen' }));
    expect(await screen.findByRole('heading', { name: 'Sispann resevwa imèl' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('ht');
    expect(router.state.location.search).toEqual({ token: TOKEN, lang: 'ht' });
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').map((call) => [call.url, call.body])).toEqual([
        ['/api/contact-language', { token: TOKEN, language: 'ht' }],
      ]),
    );
  });

  it("keeps a switch made on the terms reached from a contact's page, with that page's token", async () => {
    const { calls } = stubApi({ 'PUT /api/contact-language': () => ok('Guardamos el idioma de tus correos.') });
    const { router } = renderApp(`/web/active/unsubscribe?token=${TOKEN}&lang=pt`);
    fireEvent.click(await screen.findByRole('link', { name: 'Termos e condições' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Termos e condições' })).toBeTruthy();
    expect(router.state.location.search).toEqual({ token: TOKEN, lang: 'pt' });

    fireEvent.click(screen.getByRole('button', { name: 'Kreyòl ayisyen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kondisyon itilizasyon' })).toBeTruthy();
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').map((call) => [call.url, call.body])).toEqual([
        ['/api/contact-language', { token: TOKEN, language: 'ht' }],
      ]),
    );
  });

  it.each([
    ['/web/active/invalid', ''],
    ['/web/active/terms', `token=${TOKEN}&`],
    ['/web/active/accept', ''],
    ['/web/active/unsubscribe', `token=${TOKEN}&`],
    [`/web/active/ack/${TOKEN}`, ''],
  ])('titles %s in the contact’s language, as its first frame said', async (pathname, token) => {
    // The 'Lo tengo' page's alert never comes: a refused link would lead to the invalid page.
    stubApi({ [`GET /api/ack/${TOKEN}`]: () => new Promise<Response>(() => {}) });
    const search = `?${token}lang=ht`;
    const said = linkPageFrame(pathname, search, contactPageTitles())?.title;
    expect(said).toMatch(/ · /);
    renderApp(`${pathname}${search}`);
    await vi.waitFor(() => expect(document.title).toBe(said));
  });

  it('reads anything but a known language as Spanish', async () => {
    renderApp('/web/active/invalid?lang=fr');
    expect(await screen.findByRole('heading', { name: 'Token Inválido' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('es');
  });
});
