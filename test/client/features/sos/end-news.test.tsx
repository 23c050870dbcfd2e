import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endNewsTexts } from '#shared/end-news-texts.ts';
import { resetAll } from '#client/lib/session/session-store.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { aContact } from '../../support/contacts.ts';
import type { Call } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { signIn } from '../../support/session.ts';
import { resetSos } from '../../support/sos-state.ts';

// What the person reads after FINALIZAR ALERTA of how far the alert had gone (docs/decisions/049):
// the server's `contacts_told`, at once online, and for an end this page held (no service worker)
// once its resend is answered, in place of the line that says the end waits for signal.

const luis = aContact({ id: 'c1', email_verified_at: '2026-01-11T09:00:00.000Z' });
// Held by this page (no worker): it leaves only while the app is open, and the line says so.
const WAITS =
  /^Sin conexión: el fin de tu alerta quedó guardado en este teléfono\. Mantén la aplicación abierta hasta que diga «Tu alerta terminó»: cerrada, no se envía\.$/;

beforeEach(() => signIn());

afterEach(async () => {
  vi.unstubAllGlobals();
  await resetSos();
  resetAll();
});

/** The server: a start is on; an end answers `told`. Until `restore()` the network fails every SOS. */
function server(told: string | undefined, { up = true } = {}) {
  let online = up;
  const api = stubApi({
    'GET /api/contacts': () => ok([luis]),
    'POST /api/end-news/seen': () => ok(null),
    'PUT /api/active-button': (call: Call) => {
      if (!online) return Promise.reject(new TypeError('Failed to fetch'));
      const ending = (call.body as { alert_status: string }).alert_status === '2';
      return ok(
        ending
          ? { alert_status: false, alert_id: 'a1', ...(told ? { contacts_told: told } : {}) }
          : { alert_status: true, alert_id: 'a1' },
      );
    },
  });
  return { ...api, restore: () => (online = true) };
}

async function pressThenEnd() {
  const { router } = renderApp('/web/home');
  fireEvent.click(await screen.findByRole('button', { name: 'SOS: avisar a mis contactos' }));
  await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/active'));
  fireEvent.click(await screen.findByRole('button', { name: 'FINALIZAR ALERTA' }));
  await vi.waitFor(() => expect(router.state.location.pathname).toBe('/web/home'));
}

describe('after FINALIZAR ALERTA', () => {
  it.each([['none'], ['some'], ['all']] as const)('online, told %s: home says so at once', async (told) => {
    const { calls } = server(told);
    await pressThenEnd();
    expect(await screen.findByText(endNewsTexts[told])).toBeTruthy();
    expect(screen.queryByText(WAITS)).toBeNull();
    // Shown: the person's status stops carrying it (docs/decisions/051), so no later open says it again.
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/end-news/seen').map((call) => call.body)).toEqual([
        { alert_id: 'a1' },
      ]),
    );
  });

  it('online, nothing to tell (no alert was on, nobody to tell): no word of the contacts', async () => {
    server(undefined);
    await pressThenEnd();
    await screen.findByRole('button', { name: 'SOS: avisar a mis contactos' });
    for (const text of Object.values(endNewsTexts)) expect(screen.queryByText(text)).toBeNull();
  });

  it('pressed and ended offline, held by this page: once both are answered, home says nobody received anything', async () => {
    const network = server('none', { up: false });
    await pressThenEnd();
    expect(await screen.findByText(WAITS)).toBeTruthy();
    expect(screen.queryByText(endNewsTexts.none)).toBeNull();

    network.restore();
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText(endNewsTexts.none)).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByText(WAITS)).toBeNull());
    await vi.waitFor(() =>
      expect(network.calls.filter((call) => call.url === '/api/end-news/seen').map((call) => call.body)).toEqual([
        { alert_id: 'a1' },
      ]),
    );
  });

  it('pressed and ended offline, held by this page, nothing to tell: once answered, the line of the wait goes for «Tu alerta terminó.» and nothing is said of the contacts', async () => {
    const network = server(undefined, { up: false });
    await pressThenEnd();
    expect(await screen.findByText(WAITS)).toBeTruthy();

    network.restore();
    window.dispatchEvent(new Event('online'));
    // Sent: the wait is over, and the line it promised comes, with nothing said of the contacts.
    await vi.waitFor(() => expect(screen.queryByText(WAITS)).toBeNull(), { timeout: 5_000 });
    expect(await screen.findByText('Tu alerta terminó.')).toBeTruthy();
    for (const text of Object.values(endNewsTexts)) expect(screen.queryByText(text)).toBeNull();
  });
});
