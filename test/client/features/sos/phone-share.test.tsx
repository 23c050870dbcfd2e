import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAll } from '#client/lib/session/session-store.ts';
import { startSosWorkerBridge } from '#client/lib/sos-worker/sos-worker-bridge.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { aContact } from '../../support/contacts.ts';
import { renderApp } from '../../support/render-app.tsx';
import { signIn } from '../../support/session.ts';
import { fakeGeolocation, fakePermissions, fakeServiceWorker, queueStatus } from '../../support/sos-browser.ts';
import { resetSos } from '../../support/sos-state.ts';

// The active screen's WhatsApp links and share sheet: one chat per confirmed
// contact, the SMS's own text already typed, and all of it first while the SOS
// waits for signal.

const CONFIRMED = '2026-01-11T09:00:00.000Z';
const luis = aContact({ id: 'c1', phone: '+1 (305) 555-0199', email_verified_at: CONFIRMED });
const marta = aContact({
  id: 'c4',
  firstname: 'Marta',
  lastname: 'Gil',
  email: 'marta@example.com',
  phone: '+52 55 1234 5678',
  email_verified_at: CONFIRMED,
});
const rosa = aContact({
  id: 'c2',
  firstname: 'Rosa',
  lastname: 'Gómez',
  email: 'rosa@example.com',
  phone: '+5215512345678',
});
const pedro = aContact({
  id: 'c3',
  firstname: 'Pedro',
  lastname: 'Ruiz',
  email: 'pedro@example.com',
  phone: '+13055550188',
  email_verified_at: CONFIRMED,
  unsubscribed_at: '2026-02-01T09:00:00.000Z',
});
const MAP = 'https://www.openstreetmap.org/?mlat=19.4326&mlon=-99.1332#map=17/19.4326/-99.1332';

let stopBridge: () => void = () => undefined;

beforeEach(() => {
  window.dataLayer = [];
});

afterEach(async () => {
  stopBridge();
  stopBridge = () => undefined;
  vi.unstubAllGlobals();
  await resetSos();
  resetAll();
});

function openAlertScreen(contacts = [luis, marta, rosa, pedro]) {
  signIn({ alert_status: true });
  stubApi({ 'GET /api/contacts': () => ok(contacts) });
  return renderApp('/web/active', { seed: (queryClient) => queryClient.setQueryData(['contacts'], contacts) });
}

const whatsappLinks = () => screen.queryAllByRole('link', { name: /^Enviar por WhatsApp a / });
const textOf = (href: string) => decodeURIComponent(href.slice(href.indexOf('?text=') + 6));

describe('WhatsApp and the share sheet on the active screen', () => {
  it('opens a wa.me chat with each confirmed contact, digits only, with the SMS text and the map, and counts the open', async () => {
    const gps = fakeGeolocation();
    fakePermissions('granted');
    openAlertScreen();
    await vi.waitFor(() => expect(gps.isWatching()).toBe(true));
    gps.fix(19.4326, -99.1332);
    await vi.waitFor(() => expect(whatsappLinks()[0]?.getAttribute('href')).toContain('mlat'));

    // Rosa has not confirmed and Pedro opted out: only Luis and Marta.
    const links = whatsappLinks();
    expect(links.map((link) => link.textContent)).toEqual([
      'Enviar por WhatsApp a Luis Pérez',
      'Enviar por WhatsApp a Marta Gil',
    ]);
    const [toLuis, toMarta] = links.map((link) => link.getAttribute('href') ?? '');
    expect(toLuis?.startsWith('https://wa.me/13055550199?text=')).toBe(true);
    expect(toMarta?.startsWith('https://wa.me/525512345678?text=')).toBe(true);
    // Encoded once, whole: spaces, accents, '&', '#' and '?' of the map link survive the trip.
    expect(toLuis).not.toMatch(/[ #&]|\?.*\?/);
    const sms = screen.getByRole('link', { name: 'Enviar SMS a mis contactos' }).getAttribute('href') ?? '';
    const smsBody = decodeURIComponent(sms.slice(sms.indexOf('&body=') + 6));
    expect(textOf(toLuis!)).toBe(`Soy Ana López. Estoy en riesgo y necesito ayuda. Mi ubicación: ${MAP}`);
    expect(textOf(toLuis!)).toBe(smsBody);
    expect(links[0]?.getAttribute('target')).toBe('_blank');

    fireEvent.click(links[0]!);
    expect(window.dataLayer).toContainEqual({ event: 'whatsapp_open', queued: false });
  });

  it("types each contact's WhatsApp message in their language, and one SMS to all in each of their languages", async () => {
    const jean = aContact({
      id: 'c5',
      firstname: 'Jean',
      lastname: 'Pierre',
      email: 'jean@example.com',
      phone: '+15615550123',
      email_verified_at: CONFIRMED,
      language: 'ht',
    });
    openAlertScreen([luis, jean]);
    await vi.waitFor(() => expect(whatsappLinks()).toHaveLength(2));
    const [toLuis, toJean] = whatsappLinks().map((link) => textOf(link.getAttribute('href') ?? ''));
    expect(toLuis).toBe('Soy Ana López. Estoy en riesgo y necesito ayuda.');
    expect(toJean).toBe('Se Ana López. Mwen an danje, mwen bezwen èd.');
    const sms = screen.getByRole('link', { name: 'Enviar SMS a mis contactos' }).getAttribute('href') ?? '';
    expect(decodeURIComponent(sms.slice(sms.indexOf('&body=') + 6))).toBe(
      'Soy Ana López. Estoy en riesgo y necesito ayuda.\nSe Ana López. Mwen an danje, mwen bezwen èd.',
    );
  });

  it('hides Compartir where the browser has no share sheet', async () => {
    openAlertScreen();
    await screen.findByRole('button', { name: 'FINALIZAR ALERTA' });
    expect(screen.queryByRole('button', { name: 'Compartir' })).toBeNull();
  });

  it('hands the text to navigator.share when there is one', async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      openAlertScreen();
      fireEvent.click(await screen.findByRole('button', { name: 'Compartir' }));
      expect(share).toHaveBeenCalledWith({ text: 'Soy Ana López. Estoy en riesgo y necesito ayuda.' });
    } finally {
      delete (navigator as { share?: unknown }).share;
    }
  });

  it('offers no WhatsApp link when no contact confirmed, and no section without a share sheet either', async () => {
    openAlertScreen([rosa, pedro]);
    await screen.findByRole('link', { name: 'Enviar SMS a mis contactos' });
    expect(whatsappLinks()).toEqual([]);
    expect(screen.queryByRole('region', { name: /WhatsApp|teléfono/ })).toBeNull();
  });

  it('puts the SMS, then WhatsApp, right under the status while the SOS waits for signal', async () => {
    // Where Background Sync sends the queue (without it, 'Mantén la aplicación abierta…' comes under the status).
    const worker = fakeServiceWorker({ backgroundSync: true });
    stopBridge = startSosWorkerBridge();
    openAlertScreen();
    const end = await screen.findByRole('button', { name: 'FINALIZAR ALERTA' });
    const sent = document.querySelector('.sos-active')!;
    const order = () =>
      Array.from(sent.children).map(
        (child) => (child.matches('h1') ? child : child.querySelector('h2'))?.textContent ?? child.className,
      );
    // Sent: the status first, the phone's own channels further down, the SMS before WhatsApp.
    expect(order().indexOf('Avisa también por WhatsApp')).toBeGreaterThan(
      order().findIndex((entry) => entry.includes('sos-delivery')),
    );
    expect(order().indexOf('Avisa también por SMS')).toBe(order().indexOf('Avisa también por WhatsApp') - 1);

    const queuedAt = Date.now();
    worker.send(
      queueStatus({
        pending: 1,
        queued: [{ idempotencyKey: 'k1', alert_status: '1', queuedAt }],
        oldestQueuedAt: queuedAt,
      }),
    );
    const section = await screen.findByRole('region', { name: 'Avisa ahora por WhatsApp' });
    // Where the alert stands is said once, first (the offline banner gives way), then what the phone
    // can send: the SMS, one tap to every contact with no data, before a WhatsApp button a contact.
    expect(order().slice(0, 4)).toEqual([
      'Alerta activa',
      'sos-delivery sos-delivery--waiting',
      'Avisa ahora por SMS',
      'Avisa ahora por WhatsApp',
    ]);
    expect(
      within(section)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Enviar por WhatsApp a Luis Pérez', 'Enviar por WhatsApp a Marta Gil']);
    fireEvent.click(within(section).getAllByRole('link')[1]!);
    expect(window.dataLayer).toContainEqual({ event: 'whatsapp_open', queued: true });
    expect(end.isConnected).toBe(true);
  });
});
