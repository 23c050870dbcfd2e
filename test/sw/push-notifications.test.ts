import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pushTexts } from '#shared/push-texts.ts';
import { handleNotificationClick } from '#sw/push-notifications.ts';
import { fakeServer, json, type Answer, type Sent } from './support/fake-server.ts';

// A tap on a notification, in the worker: the notification opens (or brings
// forward) the alert's 'Lo tengo' page; its 'Lo tengo' action records the
// acknowledgement with a POST and says so, or opens the page when it cannot.
// The browser's parts (clients, registration) are stand-ins that record calls.

const ORIGIN = self.location.origin;
const TOKEN = 'A'.repeat(43);
const PAGE = `${ORIGIN}/web/active/ack/${TOKEN}`;

let answer: (sent: Sent) => Answer = () => 'network-error';
const server = fakeServer((sent) => answer(sent));
const opened: string[] = [];
const focused: string[] = [];
const shown: { title: string; options?: NotificationOptions }[] = [];
let windows: { url: string; focus: () => Promise<void> }[] = [];

const ackView = {
  person: { name: 'Rosa Prueba', phone: '+13055550123' },
  contact_firstname: 'Luis',
  practice: false,
  pressed_at: '2026-03-01T12:00:00.000Z',
  timezone: 'America/Mexico_City',
  position: null,
  status: 'active',
  acknowledged_at: '2026-03-01T12:01:00.000Z',
  recorded: true,
};

function notification(navigate = PAGE) {
  return {
    data: { navigate, lang: 'es' },
    tag: 'alert-1',
    close: vi.fn(),
  } as unknown as Notification & { close: ReturnType<typeof vi.fn> };
}

beforeEach(() => {
  opened.length = 0;
  focused.length = 0;
  shown.length = 0;
  windows = [];
  server.sent.length = 0;
  vi.stubGlobal('fetch', (input: RequestInfo, init?: RequestInit) =>
    server.send(new Request(new URL(String(input), ORIGIN), init)),
  );
  Object.defineProperty(self, 'clients', {
    configurable: true,
    value: {
      matchAll: () => Promise.resolve(windows),
      openWindow: (url: string) => Promise.resolve(void opened.push(url)),
    },
  });
  Object.defineProperty(self, 'registration', {
    configurable: true,
    value: {
      showNotification: (title: string, options?: NotificationOptions) =>
        Promise.resolve(void shown.push({ title, options })),
    },
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('a tap on an alert notification', () => {
  it("opens the alert's page, and records nothing", async () => {
    const tapped = notification();
    await handleNotificationClick(tapped, '');
    expect({
      opened,
      sent: server.sent.length,
      closed: tapped.close.mock.calls.length,
    }).toEqual({ opened: [PAGE], sent: 0, closed: 1 });
  });

  it('brings the page forward when it is already open', async () => {
    windows = [
      {
        url: `${ORIGIN}/web/home`,
        focus: () => Promise.resolve(void focused.push('home')),
      },
      { url: PAGE, focus: () => Promise.resolve(void focused.push('ack')) },
    ];
    await handleNotificationClick(notification(), '');
    expect({ opened, focused }).toEqual({ opened: [], focused: ['ack'] });
  });

  it('never opens a page of another site', async () => {
    await handleNotificationClick(notification('https://elsewhere.example/phish'), '');
    expect(opened).toEqual([`${ORIGIN}/web`]);
  });

  it("records 'Lo tengo' with a POST and says so, without opening anything", async () => {
    answer = () => json(200, { success: true, message: ackView });
    await handleNotificationClick(notification(), 'ack');
    expect(server.sent.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'POST', url: `${ORIGIN}/api/ack`, body: { token: TOKEN } },
    ]);
    expect(shown).toEqual([
      {
        title: 'Listo',
        options: {
          body: 'Rosa Prueba ya sabe que recibiste su alerta. Ahora, llámale.',
          lang: 'es',
          tag: 'alert-1',
          data: { navigate: PAGE, lang: 'es' },
        },
      },
    ]);
    expect(opened).toEqual([]);
  });

  it("says so in the contact's language, tagged as the notification it answers", async () => {
    answer = () => json(200, { success: true, message: ackView });
    const pt = pushTexts('pt');
    await handleNotificationClick(
      { ...notification(), data: { navigate: PAGE, lang: 'pt' } } as unknown as Notification,
      'ack',
    );
    expect(shown).toEqual([
      {
        title: pt.ackDoneTitle,
        options: {
          body: pt.ackDoneBody('Rosa Prueba'),
          lang: 'pt-BR',
          tag: 'alert-1',
          data: { navigate: PAGE, lang: 'pt' },
        },
      },
    ]);
  });

  it("says the alert ended when 'Lo tengo' comes after the end", async () => {
    answer = () =>
      json(200, {
        success: true,
        message: {
          ...ackView,
          status: 'ended',
          acknowledged_at: null,
          recorded: false,
        },
      });
    await handleNotificationClick(notification(), 'ack');
    expect(shown.map(({ title, options }) => [title, options?.body])).toEqual([
      ['Listo', 'Rosa Prueba ya finalizó esta alerta.'],
    ]);
  });

  it("never says to call after 'Lo tengo' on an alert that may have been forced", async () => {
    answer = () =>
      json(200, {
        success: true,
        message: {
          ...ackView,
          forced: true,
          forced_on: 'check-in',
          acknowledged_at: ackView.pressed_at,
          recorded: true,
        },
      });
    await handleNotificationClick(notification(), 'ack');
    expect(shown.map(({ title, options }) => [title, options?.body])).toEqual([
      [
        'Listo',
        'Quedó registrado que recibiste la alerta de Rosa Prueba. No le llames: otra persona puede tener su teléfono.',
      ],
    ]);
  });

  it("opens the page, where the button is, when 'Lo tengo' cannot be recorded", async () => {
    for (const reply of [
      'network-error',
      json(404, { success: false, message: 'x' }),
      json(429, { success: false, message: 'x' }),
    ] as Answer[]) {
      answer = () => reply;
      await handleNotificationClick(notification(), 'ack');
    }
    expect({ opened, shown }).toEqual({
      opened: [PAGE, PAGE, PAGE],
      shown: [],
    });
  });
});

describe("a tap on the desk's notification of an alert nobody attends", () => {
  const ALERT_ID = '5b3f5a0e-8d1c-4c1e-9a57-1f1f2d9e8c11';
  const CASE = `${ORIGIN}/web/desk/${ALERT_ID}`;

  function deskNotification() {
    return {
      data: { navigate: CASE, lang: 'es' },
      tag: `desk-${ALERT_ID}`,
      close: vi.fn(),
    } as unknown as Notification & { close: ReturnType<typeof vi.fn> };
  }

  it("opens the case, from the notification or from 'Atender', and posts nothing", async () => {
    await handleNotificationClick(deskNotification(), '');
    await handleNotificationClick(deskNotification(), 'attend');
    expect({ opened, sent: server.sent.length, shown }).toEqual({ opened: [CASE, CASE], sent: 0, shown: [] });
  });

  it('brings the open desk tab forward and takes it to the case, rather than opening another', async () => {
    const navigated: string[] = [];
    windows = [
      { url: `${ORIGIN}/web/home`, focus: () => Promise.resolve(void focused.push('home')) },
      {
        url: `${ORIGIN}/web/desk`,
        focus: () => Promise.resolve(void focused.push('desk')),
        navigate: (url: string) => Promise.resolve(void navigated.push(url)),
      } as (typeof windows)[number],
    ];
    await handleNotificationClick(deskNotification(), 'attend');
    expect({ opened, focused, navigated }).toEqual({ opened: [], focused: ['desk'], navigated: [CASE] });
  });
});
