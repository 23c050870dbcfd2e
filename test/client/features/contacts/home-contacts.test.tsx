import { onlineManager } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAll } from '#client/lib/session/session-store.ts';
import { expectConsole } from '../../../support/fail-on-console.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { aContact } from '../../support/contacts.ts';
import { stubFetch } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { signIn } from '../../support/session.ts';

let cleanupQueries: (() => void) | undefined;

beforeEach(() => signIn());

afterEach(() => {
  cleanupQueries?.();
  cleanupQueries = undefined;
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  resetAll();
});

const verified = aContact({ id: 'c1', email_verified_at: '2026-01-11T09:00:00.000Z' });
const pending = aContact({
  id: 'c2',
  firstname: 'Rosa',
  lastname: 'Gómez',
  email: 'rosa@example.com',
  phone: '+5215512345678',
  kinship: 'Madre',
});
const optedOut = aContact({
  id: 'c3',
  firstname: 'Pedro',
  lastname: 'Ruiz',
  email: 'pedro@example.com',
  email_verified_at: '2026-01-11T09:00:00.000Z',
  unsubscribed_at: '2026-02-01T09:00:00.000Z',
});

describe('home', () => {
  it('draws the panels under the SOS button in the same commit as the contact list, which they never push down', async () => {
    stubApi({ 'GET /api/contacts': () => ok([pending]) });
    // Whenever the contact list is in the page, the panels above it already are, once home's code is
    // there (its chunk, where the app is built). First in the file: a lazy component, once loaded by an
    // earlier test, would draw at once and hide a late reveal.
    await import('#client/routes/web/-components/home/home-page.tsx');
    await import('#client/features/sos/home/sos-home-panels.tsx');
    const panelsWithList: boolean[] = [];
    const observer = new MutationObserver(() => {
      if (document.querySelector('.contact-list'))
        panelsWithList.push(document.querySelector('.sos-home-panels') !== null);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      renderApp('/web/home');
      await screen.findByRole('note', { name: 'Nadie recibirá tu alerta' });
    } finally {
      observer.disconnect();
    }
    expect(panelsWithList.length).toBeGreaterThan(0);
    expect(panelsWithList.every(Boolean)).toBe(true);
  });

  it('shows the instruction, the headings and one card per contact', async () => {
    stubApi({ 'GET /api/contacts': () => ok([verified, pending, optedOut]) });
    renderApp('/web/home');
    expect(
      await screen.findByText('Presiona el botón SOS IAD para notificar a tus contactos que estás en riesgo.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Contactos de emergencia' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Lista de contactos' })).toBeTruthy();

    const luis = await screen.findByRole('link', { name: 'Luis Pérez luis@example.com +13055550199 Verificado' });
    expect(luis.getAttribute('href')).toBe('/web/contact/c1');
    expect(within(luis).getByText('luis@example.com')).toBeTruthy();
    expect(within(luis).getByText('+13055550199')).toBeTruthy();
    expect(within(luis).getByText('Verificado')).toBeTruthy();
    expect(luis.className).not.toContain('inactive');

    const rosa = screen.getByRole('link', { name: /Rosa Gómez/ });
    expect(rosa.getAttribute('href')).toBe('/web/contact/c2');
    expect(within(rosa).getByText('Sin verificar')).toBeTruthy();
    expect(rosa.className).toContain('contact-card--inactive');

    const pedro = screen.getByRole('link', { name: /Pedro Ruiz/ });
    expect(within(pedro).getByText('Dado de baja: no recibirá alertas')).toBeTruthy();
    // Only the opt-out: never 'Verificado' beside it.
    expect(within(pedro).queryByText('Verificado')).toBeNull();
    expect(pedro.textContent).not.toMatch(/Verificado|Sin verificar/);
    expect(pedro.className).toContain('contact-card--inactive');
    expect(within(luis).queryByText('Dado de baja: no recibirá alertas')).toBeNull();
  });

  it.each([
    ['no contact at all', [], 'Nadie recibirá tu alerta: no tienes contactos de emergencia.', []],
    [
      'contacts, none confirmed',
      [pending, optedOut],
      'Nadie recibirá tu alerta por correo: ninguno de tus contactos ha confirmado su correo.',
      ['Rosa Gómez'],
    ],
  ])(
    'says before the press that nobody will get the alert, with %s, and what to do',
    async (_name, list, said, toConfirm) => {
      stubApi({ 'GET /api/contacts': () => ok(list) });
      renderApp('/web/home');
      const note = await screen.findByRole('note', { name: 'Nadie recibirá tu alerta' });
      expect(within(note).getByText(said)).toBeTruthy();
      expect(within(note).getByRole('link', { name: 'Agregar un contacto' }).getAttribute('href')).toBe('/web/contact');
      const links = within(note)
        .queryAllByRole('link')
        .map((link) => link.textContent);
      expect(links).toEqual([...toConfirm, 'Agregar un contacto']);
      // A warning, never a success box.
      expect(note.className).toContain('sos-notice--danger');
    },
  );

  it('says nothing of the kind once a contact confirmed', async () => {
    stubApi({ 'GET /api/contacts': () => ok([verified, pending]) });
    renderApp('/web/home');
    await screen.findByRole('link', { name: /Luis Pérez/ });
    // The panels under the SOS button are drawn, without the note.
    await vi.waitFor(() => expect(document.querySelector('.sos-home-panels')).not.toBeNull());
    expect(screen.queryByRole('note', { name: 'Nadie recibirá tu alerta' })).toBeNull();
  });

  it("says on a confirmed contact's card when their phone gets alerts as notifications", async () => {
    const withPhone = { ...verified, push_phones: 1 };
    const twoPhones = aContact({
      id: 'c4',
      firstname: 'Ana',
      email: 'ana@example.com',
      email_verified_at: '2026-01-11T09:00:00.000Z',
      push_phones: 2,
    });
    stubApi({ 'GET /api/contacts': () => ok([withPhone, twoPhones, { ...optedOut, push_phones: 1 }]) });
    renderApp('/web/home');
    const luis = await screen.findByRole('link', { name: /^Luis Pérez/ });
    expect(luis.textContent).toBe(
      'Luis Pérez luis@example.com +13055550199 Verificado Avisos activados en su teléfono',
    );
    expect(luis).toBeTruthy();
    expect(
      within(screen.getByRole('link', { name: /Ana Pérez/ })).getByText('Avisos activados en 2 teléfonos'),
    ).toBeTruthy();
    // Opted out: nothing reaches them, whatever their phone asked for.
    expect(within(screen.getByRole('link', { name: /Pedro Ruiz/ })).queryByText(/Avisos activados/)).toBeNull();
  });

  it('shows the SOS button and no install button, nor a stand-in, where the browser made no offer', async () => {
    stubApi({ 'GET /api/contacts': () => ok([]) });
    renderApp('/web/home');
    await screen.findByRole('heading', { name: 'Contactos de emergencia' });
    const slot = document.querySelector('[data-slot="sos-and-install"]');
    expect(slot?.contains(screen.getByRole('button', { name: 'SOS: avisar a mis contactos' }))).toBe(true);
    expect(slot?.children).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Instalar la aplicación' })).toBeNull();
  });

  it("offers 'Registrar aquí' when there are no contacts", async () => {
    stubApi({ 'GET /api/contacts': () => ok([]) });
    const { router } = renderApp('/web/home');
    expect(await screen.findByText('No tienes contactos de emergencia registrados')).toBeTruthy();
    const register = screen.getByRole('link', { name: 'Registrar aquí' });
    expect(register.getAttribute('href')).toBe('/web/contact');
    fireEvent.click(register);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/contact'));
  });

  it('opens a contact when its card is tapped, at once from the list', async () => {
    // The contact's own request never answers: the page shows what the list already knew.
    stubApi({
      'GET /api/contacts': () => ok([verified]),
      'GET /api/contacts/c1': () => new Promise<Response>(() => undefined),
    });
    const { router } = renderApp('/web/home');
    fireEvent.click(await screen.findByRole('link', { name: /Luis Pérez/ }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/contact/c1'));
    expect(await screen.findByRole('heading', { name: 'Luis Pérez', level: 1 })).toBeTruthy();
  });

  it('uses the contacts already cached without asking the server again', async () => {
    const { calls } = stubApi({ 'GET /api/contacts': () => ok([]) });
    renderApp('/web/home', { seed: (queryClient) => queryClient.setQueryData(['contacts'], [verified]) });
    expect(await screen.findByRole('link', { name: /Luis Pérez/ })).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/contacts')).toHaveLength(0);
  });

  it('renders with no network and nothing cached, without an alarming message', async () => {
    onlineManager.setOnline(false);
    const { calls } = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { queryClient } = renderApp('/web/home');
    cleanupQueries = () => queryClient.clear();
    expect(
      await screen.findByText('Presiona el botón SOS IAD para notificar a tus contactos que estás en riesgo.'),
    ).toBeTruthy();
    expect(document.querySelector('[data-slot="sos-and-install"]')).not.toBeNull();
    expect(await screen.findByText('No pudimos cargar tus contactos. Revisa tu conexión.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('');
    // One try, then the query waits for the network instead of retrying into the void.
    expect(calls.filter((call) => call.url === '/api/contacts')).toHaveLength(1);
  });

  it('keeps home, and the place of the SOS button, when the cached list cannot be shown', async () => {
    // React reports the error its boundary caught.
    expectConsole('error');
    stubApi({ 'GET /api/contacts': () => ok([]) });
    // A cache written by another version of the app, in a shape this one does not know.
    renderApp('/web/home', { seed: (queryClient) => queryClient.setQueryData(['contacts'], { unexpected: true }) });
    expect(await screen.findByText('No pudimos mostrar tus contactos. Vuelve a abrir la aplicación.')).toBeTruthy();
    expect(
      screen.getByText('Presiona el botón SOS IAD para notificar a tus contactos que estás en riesgo.'),
    ).toBeTruthy();
    expect(document.querySelector('[data-slot="sos-and-install"]')).not.toBeNull();
  });
});
