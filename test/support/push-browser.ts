import type { BrowserContext, Worker } from 'playwright-core';
import type { Phone } from './push-service.ts';

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
  for (const deadline = Date.now() + 10_000; list.length < count && Date.now() < deadline; list = await shown()) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return list;
}
