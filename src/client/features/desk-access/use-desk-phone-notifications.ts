import { useCallback, useEffect, useState } from 'react';
import { getPushPublicKey } from '#client/api/push-subscription.ts';
import { deskRequest } from '#client/lib/desk/desk-session.ts';
import { keyBytes } from '#client/lib/push-key.ts';

export type DeskPhoneState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on' | 'busy' | 'failed';

/** Which of this browser's subscriptions the desk turned on: the same browser may also be a contact's phone. */
const KEY = 'desk_push_endpoint';

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

function remembered(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function remember(endpoint: string | null): void {
  try {
    if (endpoint === null) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, endpoint);
  } catch {
    // Blocked storage: the switch shows off after a reload; the server still sends.
  }
}

async function currentSubscription(): Promise<PushSubscription | null> {
  return (await navigator.serviceWorker.ready).pushManager.getSubscription();
}

/**
 * 'Recibir avisos en este teléfono' at the desk: the escalation of an alert
 * nobody attends reaches this browser as a notification with 'Atender'. It
 * subscribes through the app's service worker with the VAPID key the person's
 * app uses; the permission is asked only when the switch is turned on. When the
 * page opens on, the subscription is sent again (its keys may have changed).
 */
export function useDeskPhoneNotifications() {
  const [state, setState] = useState<DeskPhoneState>('checking');

  useEffect(() => {
    let live = true;
    const set = (next: DeskPhoneState) => live && setState(next);
    if (!supported()) set('unsupported');
    else if (Notification.permission === 'denied') set('denied');
    else
      void (async () => {
        const existing = Notification.permission === 'granted' ? await currentSubscription() : null;
        if (!existing || existing.endpoint !== remembered()) return set('off');
        await deskRequest('POST', '/desk/push/subscriptions', { subscription: existing.toJSON() });
        set('on');
      })().catch(() => set('off'));
    return () => {
      live = false;
    };
  }, []);

  const turnOn = useCallback(async () => {
    setState('busy');
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') return setState(permission === 'denied' ? 'denied' : 'off');
      const worker = await navigator.serviceWorker.ready;
      const subscription =
        (await worker.pushManager.getSubscription()) ??
        (await worker.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(await getPushPublicKey()),
        }));
      await deskRequest('POST', '/desk/push/subscriptions', { subscription: subscription.toJSON() });
      remember(subscription.endpoint);
      setState('on');
    } catch {
      setState('failed');
    }
  }, []);

  /** Off for the desk; the browser keeps its subscription, which a contact's page of the same browser may use. */
  const turnOff = useCallback(async () => {
    setState('busy');
    try {
      const subscription = await currentSubscription();
      if (subscription) await deskRequest('DELETE', '/desk/push/subscriptions', { endpoint: subscription.endpoint });
      remember(null);
      setState('off');
    } catch {
      setState('on');
    }
  }, []);

  return { state, turnOn, turnOff };
}
