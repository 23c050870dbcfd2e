import type { Browser, BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll } from 'vitest';
import { appAndChromiumPerFile } from './app-and-chromium.ts';
import type { RunningApp } from './app-server.ts';
import { startPushService, type Phone, type PushService } from './push-service.ts';

export type PushAppAndChromium = {
  readonly service: PushService;
  readonly app: RunningApp;
  readonly browser: Browser;
};

/**
 * A local push service, the real app allowed to send to it (with `env` added: a function sees
 * the app's port) and a real Chromium, for one test file: started before its tests, stopped after.
 */
export function pushAppAndChromiumPerFile(env: (port: number) => Record<string, string> = () => ({})) {
  let service: PushService | undefined;
  // Registered before the app's and the browser's, so it runs after them: the push service stops last.
  afterAll(async () => {
    await service?.close();
  });
  const both = appAndChromiumPerFile(async () => {
    const started = await startPushService();
    service = started;
    return (port: number) => ({ PUSH_EXTRA_ORIGINS: started.origin, ...env(port) });
  });
  return {
    get service() {
      if (service === undefined) throw new Error('The push service starts in beforeAll: use it in tests');
      return service;
    },
    get app() {
      return both.app;
    },
    get browser() {
      return both.browser;
    },
  } satisfies PushAppAndChromium;
}

/** A phone subscribed at the local push service with the app's public key, as its browser would subscribe. */
export async function phoneFor({ service, app }: Pick<PushAppAndChromium, 'service' | 'app'>): Promise<Phone> {
  const reply = (await (await fetch(`${app.url}/api/push/public-key`)).json()) as { message: { public_key: string } };
  return service.subscribe(reply.message.public_key);
}

/** The first message the server sent this phone, as the push service decrypted it, once it has come. */
export async function firstPushTo(service: PushService, phone: Phone, timeout = 120_000): Promise<unknown> {
  for (const deadline = Date.now() + timeout; Date.now() < deadline;) {
    const [first] = await service.received(phone);
    if (first !== undefined) return first;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The push service received nothing for this phone');
}

/**
 * The browser's subscribe and getSubscription answer with a subscription of the
 * local push service: the one part of the path Chromium cannot do here (its push
 * service is on the internet).
 */
export async function subscribeThroughLocalService(context: BrowserContext, phone: Phone) {
  await context.addInitScript((subscription) => {
    let current: object | null = null;
    const make = () => ({
      ...subscription,
      toJSON: () => subscription,
      unsubscribe: () => {
        current = null;
        return Promise.resolve(true);
      },
    });
    PushManager.prototype.subscribe = () => Promise.resolve((current = make()) as unknown as PushSubscription);
    PushManager.prototype.getSubscription = () => Promise.resolve(current as PushSubscription | null);
  }, phone.subscription);
}

/** The app's service worker in this browser, once it runs. */
export async function serviceWorkerOf(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

export type ShownNotification = {
  title: string;
  body: string;
  tag: string;
  actions: { action: string; title: string }[];
  data: unknown;
  requireInteraction: boolean;
};

/**
 * Headless Chromium shows no notification anyone could read back
 * (getNotifications() comes back empty): the worker's calls to the browser's
 * showNotification are recorded on their way through, unchanged.
 */
export async function recordNotifications(worker: Worker) {
  await worker.evaluate(() => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      shown: { title: string; options: NotificationOptions }[];
    };
    scope.shown = [];
    const show = scope.registration.showNotification.bind(scope.registration);
    scope.registration.showNotification = (title: string, options: NotificationOptions = {}) => {
      scope.shown.push({ title, options });
      return show(title, options);
    };
  });
}

export async function shownBy(worker: Worker, count: number): Promise<ShownNotification[]> {
  const shown = () =>
    worker.evaluate(() =>
      (
        self as unknown as {
          shown: {
            title: string;
            options: NotificationOptions & {
              actions?: { action: string; title: string }[];
            };
          }[];
        }
      ).shown.map(({ title, options }) => ({
        title,
        body: options.body ?? '',
        tag: options.tag ?? '',
        actions: (options.actions ?? []).map(({ action, title: label }) => ({
          action,
          title: label,
        })),
        data: options.data as unknown,
        requireInteraction: options.requireInteraction ?? false,
      })),
    );
  let list = await shown();
  for (const deadline = Date.now() + 30_000; list.length < count && Date.now() < deadline; list = await shown()) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return list;
}

/**
 * Hands the app's service worker a push message, as the browser would on a phone (through the
 * DevTools protocol), once its calls to showNotification are recorded: the worker, to read them back.
 */
export async function deliverPush(
  { context, page }: { context: BrowserContext; page: Page },
  appUrl: string,
  data: string,
): Promise<Worker> {
  const cdp = await context.newCDPSession(page);
  const registrations = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
      const ours = list.find((registration) => registration.scopeURL === `${appUrl}/` && !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const worker = await serviceWorkerOf(context);
  await recordNotifications(worker);
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: appUrl,
    registrationId: await registrations,
    data,
  });
  return worker;
}

/**
 * A tap on `action` of the first notification shown: the worker's click handler, called as
 * Chromium would call it, and awaited to its end.
 */
export async function tapFirstNotification(worker: Worker, action: string) {
  await worker.evaluate(async (action) => {
    const scope = self as unknown as {
      dispatchEvent(event: Event): boolean;
      shown: { options: NotificationOptions }[];
    };
    const [first] = scope.shown;
    // Headless Chromium keeps no notification on screen: the click gets one with what was shown.
    const notification = { data: first?.options.data as unknown, tag: first?.options.tag ?? '', close: () => {} };
    let work: Promise<unknown> = Promise.resolve();
    const click = Object.assign(new Event('notificationclick'), {
      notification,
      action,
      waitUntil: (promise: Promise<unknown>) => (work = promise),
    });
    scope.dispatchEvent(click);
    await work;
  }, action);
}
