import * as v from 'valibot';
import { ackViewSchema } from '#shared/api/deliveries.ts';
import { ACK_ACTION, ackTokenOf, readPushPayload } from '#shared/push-payload.ts';
import { HTML_LANG, LANGUAGES, languageOr, type Language } from '#shared/language.ts';
import { pushTexts } from '#shared/push-texts.ts';

type Extendable = Event & { waitUntil(promise: Promise<unknown>): void };
type WindowLike = { url: string; focus(): Promise<unknown>; navigate?(url: string): Promise<unknown> };

/**
 * The parts of ServiceWorkerGlobalScope used here, spelled out so this module
 * also compiles with the DOM types of the tests (test/sw/push-notifications.test.ts).
 */
interface PushWorkerScope {
  registration: {
    showNotification(title: string, options?: NotificationOptions): Promise<void>;
  };
  location: { origin: string };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<ReadonlyArray<WindowLike>>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: Extendable & { data: { text(): string } | null }) => void): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: Extendable & { notification: Notification; action: string }) => void,
  ): void;
}

declare const self: PushWorkerScope;

/** What our notifications keep for the click: the alert page, and the language they were written in. */
type ClickData = { navigate: string; lang: Language; name?: string };

/**
 * A push shows a notification, always: iOS revokes the subscription of a web
 * app whose pushes show none. The message is Safari's declarative shape
 * (src/shared/push-payload.ts), which Safari can show by itself; here the same
 * fields become our notification, with 'Lo tengo' as an action.
 */
export async function showPushNotification(text: string | undefined): Promise<void> {
  const payload = text === undefined ? undefined : readPushPayload(text);
  if (!payload) {
    // Unreadable (a newer server's shape, a broken message): still something to tap, in the
    // language the message says when it says one (a contact's phone), Spanish otherwise.
    const lang = languageOfUnreadable(text);
    const texts = pushTexts(lang);
    const data: ClickData = {
      navigate: `${self.location.origin}/web`,
      lang,
    };
    await self.registration.showNotification(texts.fallbackTitle, {
      body: texts.fallbackBody,
      lang: HTML_LANG[lang],
      tag: 'sos-alert',
      data,
    });
    return;
  }
  const { notification } = payload;
  const data: ClickData = {
    navigate: notification.navigate,
    lang: notification.data.lang,
    name: nameIn(notification.title),
  };
  const options: NotificationOptions & {
    actions?: { action: string; title: string }[];
  } = {
    body: notification.body,
    lang: notification.lang,
    dir: notification.dir,
    tag: notification.tag,
    icon: notification.icon,
    requireInteraction: notification.require_interaction ?? false,
    data,
  };
  if (notification.actions)
    options.actions = notification.actions.map(({ action, title }) => ({
      action,
      title,
    }));
  await self.registration.showNotification(notification.title, options);
}

const HOLE = '\u0000';
/**
 * The language a message we cannot read still says: our payload's `data.lang` or its
 * notification's `lang` tag ('pt-BR'), wherever a newer shape keeps them; Spanish when none.
 */
function languageOfUnreadable(text: string | undefined): Language {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text ?? '');
  } catch {
    return 'es';
  }
  const found: unknown[] = [];
  const look = (value: unknown, depth: number) => {
    if (depth > 3 || typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    if (typeof record.lang === 'string') found.push(record.lang);
    for (const child of Object.values(record)) look(child, depth + 1);
  };
  look(parsed, 0);
  for (const tag of found) {
    const language = LANGUAGES.find((code) => tag === code || tag === HTML_LANG[code]);
    if (language) return language;
  }
  return 'es';
}

/** Each language's SOS title around the name: 'ALERTA SOS: ' and ' está en riesgo', and so on. */
const STARTED_TITLES = LANGUAGES.map(
  (language) => pushTexts(language).startedTitle(HOLE).split(HOLE) as [string, string],
);

/** The person's name is not sent twice: it is what an SOS title says between the alert's words, in any language. */
function nameIn(title: string): string | undefined {
  for (const [before, after] of STARTED_TITLES) {
    if (title.startsWith(before) && title.endsWith(after) && title.length > before.length + after.length)
      return title.slice(before.length, title.length - after.length);
  }
  return undefined;
}

/**
 * 'Lo tengo' on the notification records the acknowledgement with the same
 * POST as the page's button and says so in a new notification; when it cannot
 * (no connection, an expired link) the alert page opens, where the button is.
 * A tap on the notification itself opens (or brings forward) the alert page.
 * The desk's notification (an alert nobody attends) opens its case, from a tap
 * or from 'Atender' alike: 'Atender' claims nothing by itself.
 */
export async function handleNotificationClick(notification: Notification, action: string): Promise<void> {
  const data = (notification.data ?? {}) as Partial<ClickData>;
  const lang = languageOr(data.lang);
  const texts = pushTexts(lang);
  const navigate = typeof data.navigate === 'string' ? data.navigate : `${self.location.origin}/web`;
  notification.close();
  if (action === ACK_ACTION) {
    const token = ackTokenOf(navigate, self.location.origin);
    const view = token ? await acknowledge(token) : undefined;
    if (view) {
      const name = view.person.name;
      const ended = view.status === 'ended' && view.acknowledged_at === null;
      await self.registration.showNotification(texts.ackDoneTitle, {
        // Told it may be forced: whoever forced it may hold the phone, so no call (as the page says).
        body: ended ? texts.ackEndedBody(name) : view.forced ? texts.ackDoneForcedBody(name) : texts.ackDoneBody(name),
        // The tag the first notification carried ('pt-BR'), not the catalogue's name ('pt').
        lang: HTML_LANG[lang],
        tag: notification.tag,
        data: {
          ...data,
          lang,
          navigate,
        } satisfies ClickData,
      });
      return;
    }
  }
  await openPage(navigate);
}

async function acknowledge(token: string) {
  try {
    const reply = await fetch('/api/ack', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
      credentials: 'omit',
    });
    if (!reply.ok) return undefined;
    const body = (await reply.json()) as { message?: unknown };
    const view = v.safeParse(ackViewSchema, body.message);
    return view.success ? view.output : undefined;
  } catch {
    return undefined;
  }
}

/** The desk's pages: a staff notification's case opens in the desk tab already open, if there is one. */
const DESK_PATH = /^\/web\/desk(\/|$)/;

/** Our own pages only: a notification never sends the phone elsewhere. */
async function openPage(navigate: string): Promise<void> {
  const url =
    new URL(navigate, self.location.origin).origin === self.location.origin ? navigate : `${self.location.origin}/web`;
  const windows = await self.clients.matchAll({
    type: 'window',
    includeUncontrolled: true,
  });
  // Bringing a tab forward is refused without the tap's activation (WebKit refuses it even after a
  // real tap): a nicety, never a reason to leave the page where it was.
  const bringForward = (client: WindowLike) => client.focus().catch(() => undefined);
  const open = windows.find((client) => client.url === url);
  if (open) {
    await bringForward(open);
    return;
  }
  // A tap or 'Atender' on the desk's notification: the staff member's desk tab (signed in
  // there: its session lives in that tab) goes to the case, where they take it themselves.
  if (DESK_PATH.test(new URL(url).pathname)) {
    const desk = windows.find((client) => DESK_PATH.test(new URL(client.url).pathname));
    if (desk?.navigate) {
      await bringForward(desk);
      const taken = await desk.navigate(url).then(
        () => true,
        () => false,
      );
      if (taken) return;
    }
  }
  await self.clients.openWindow(url);
}

export function handlePushNotifications(): void {
  self.addEventListener('push', (event) => {
    event.waitUntil(showPushNotification(event.data?.text()));
  });
  self.addEventListener('notificationclick', (event) => {
    event.waitUntil(handleNotificationClick(event.notification, event.action));
  });
}
