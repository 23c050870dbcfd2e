import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeskPhoneSwitch } from '#client/features/desk-access/desk-phone-switch.tsx';
import { keepDeskSession } from '#client/lib/desk/desk-session.ts';
import { json, stubFetch } from '../../support/fetch-stub.ts';

// 'Recibir avisos en este teléfono' at the desk: the permission is asked only
// when the switch is turned on, the browser subscribes with the server's VAPID
// key, and the subscription goes to the desk's route with the desk's session.
// The browser's Notification and PushManager are stand-ins (jsdom has neither).

const VAPID = 'B'.repeat(87);
const subscription = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
};

let permission: NotificationPermission = 'default';
let current: (typeof subscription & { toJSON(): unknown }) | null = null;
const subscribeOptions: unknown[] = [];

beforeEach(() => {
  permission = 'default';
  current = null;
  subscribeOptions.length = 0;
  keepDeskSession({ token: 'desk-token', expiresAt: new Date(Date.now() + 60 * 60_000).toISOString() });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission: () => Promise.resolve((permission = 'granted')),
  });
  const pushManager = {
    getSubscription: () => Promise.resolve(current),
    subscribe: (options: unknown) => {
      subscribeOptions.push(options);
      current = { ...subscription, toJSON: () => subscription };
      return Promise.resolve(current);
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager }) },
  });
});

/** As the desk's layout holds it: under the app's query client (what the server says is a query). */
function renderSwitch() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DeskPhoneSwitch />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe("the desk's 'Recibir avisos en este teléfono'", () => {
  it('subscribes this browser with the VAPID key and hands it to the desk, then turns it off again', async () => {
    const { calls } = stubFetch((call) =>
      call.url.endsWith('/push/public-key')
        ? json(200, { success: true, message: { public_key: VAPID } })
        : json(200, { success: true, message: 'ok' }),
    );
    renderSwitch();
    const toggle = (await screen.findByRole('switch', { name: 'Recibir avisos en este teléfono' })) as HTMLInputElement;
    await vi.waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(false);

    fireEvent.click(toggle);
    // The press shows at once, held until the browser and the desk have answered.
    expect([toggle.checked, toggle.disabled]).toEqual([true, true]);
    await vi.waitFor(() => expect([toggle.checked, toggle.disabled]).toEqual([true, false]));
    expect(subscribeOptions).toEqual([{ userVisibleOnly: true, applicationServerKey: expect.any(Uint8Array) }]);
    fireEvent.click(toggle);
    await vi.waitFor(() => expect([toggle.checked, toggle.disabled]).toEqual([false, false]));

    expect(
      calls.map(({ url, method, headers, body }) => ({
        path: new URL(url, 'http://x').pathname,
        method,
        bearer: headers.authorization,
        body,
      })),
    ).toEqual([
      { path: '/api/push/public-key', method: 'GET', bearer: undefined, body: undefined },
      {
        path: '/api/desk/push/subscriptions',
        method: 'POST',
        bearer: 'Bearer desk-token',
        body: { subscription },
      },
      {
        path: '/api/desk/push/subscriptions',
        method: 'DELETE',
        bearer: 'Bearer desk-token',
        body: { endpoint: subscription.endpoint },
      },
    ]);
  });

  it("shows on only while the server still sends to this browser's subscription", async () => {
    permission = 'granted';
    current = { ...subscription, toJSON: () => subscription };
    for (const subscribed of [false, true]) {
      const { calls } = stubFetch(() => json(200, { success: true, message: { subscribed } }));
      renderSwitch();
      const toggle = (await screen.findByRole('switch', {
        name: 'Recibir avisos en este teléfono',
      })) as HTMLInputElement;
      await vi.waitFor(() => expect(toggle.disabled).toBe(false));
      expect(toggle.checked).toBe(subscribed);
      expect(calls.map(({ url, method, headers }) => [url, method, headers.authorization])).toEqual([
        [
          `/api/desk/push/subscriptions?endpoint=${encodeURIComponent(subscription.endpoint)}`,
          'GET',
          'Bearer desk-token',
        ],
      ]);
      cleanup();
    }
  });

  it('says so, and stays off, where the browser blocks notifications', async () => {
    permission = 'denied';
    const { calls } = stubFetch(() => json(500, {}));
    renderSwitch();
    expect((await screen.findByRole('status')).textContent).toBe(
      'Los avisos están bloqueados en este navegador. Permítelos en su configuración para activarlos.',
    );
    expect((screen.getByRole('switch', { name: 'Recibir avisos en este teléfono' }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(calls).toEqual([]);
  });
});
