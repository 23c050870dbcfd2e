import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '#client/lib/api-error.ts';
import { keyBytes } from '#client/lib/push-key.ts';
import { deletePushSubscription, getPushPublicKey, sendPushSubscription } from '#client/api/push-subscription.ts';

export type PhoneNotificationState =
  | 'checking'
  /** No Push API here; `homeScreenFirst` when it is iOS outside the Home Screen app. */
  | 'unsupported'
  | 'home-screen-first'
  | 'denied'
  | 'off'
  | 'on'
  | 'turning-on'
  | 'turning-off'
  | 'failed'
  /** The server no longer knows the page's token (contact deleted, link expired). */
  | 'link-gone';

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

const isLinkGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The worker that receives pushes; the app registers it on every page (src/client/lib/register-service-worker.ts). */
async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

/**
 * 'Avisos en este teléfono' for the contact behind `token`. Permission is asked
 * only by turnOn, which a button calls. A phone already subscribed (the
 * contact turned notifications on for someone else) is tied to this person
 * too when the page opens: on means on for everyone they look after.
 */
export function usePhoneNotifications(token: string, homeScreenFirst: boolean) {
  const [state, setState] = useState<PhoneNotificationState>('checking');

  useEffect(() => {
    let live = true;
    const set = (next: PhoneNotificationState) => live && setState(next);
    if (!supported()) {
      set(homeScreenFirst ? 'home-screen-first' : 'unsupported');
      return;
    }
    if (Notification.permission === 'denied') {
      set('denied');
      return;
    }
    void (async () => {
      const existing =
        Notification.permission === 'granted' ? await (await registration()).pushManager.getSubscription() : null;
      if (!existing) return set('off');
      try {
        await sendPushSubscription(token, existing);
        set('on');
      } catch (error) {
        set(isLinkGone(error) ? 'link-gone' : 'on');
      }
    })().catch(() => set('off'));
    return () => {
      live = false;
    };
  }, [token, homeScreenFirst]);

  const turnOn = useCallback(async () => {
    setState('turning-on');
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'denied' : 'off');
        return;
      }
      const worker = await registration();
      const subscription =
        (await worker.pushManager.getSubscription()) ??
        (await worker.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(await getPushPublicKey()),
        }));
      await sendPushSubscription(token, subscription);
      setState('on');
    } catch (error) {
      setState(isLinkGone(error) ? 'link-gone' : 'failed');
    }
  }, [token]);

  /** Off for this person, and the phone unsubscribes: the other people's rows go at their next alert (410). */
  const turnOff = useCallback(async () => {
    setState('turning-off');
    try {
      const subscription = await (await registration()).pushManager.getSubscription();
      if (subscription) {
        await deletePushSubscription(token, subscription.endpoint);
        await subscription.unsubscribe();
      }
      setState('off');
    } catch (error) {
      setState(isLinkGone(error) ? 'link-gone' : 'on');
    }
  }, [token]);

  return { state, turnOn, turnOff };
}
