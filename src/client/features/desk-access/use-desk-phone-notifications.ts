import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { DeskPushState } from '#shared/api/push.ts';
import { getPushPublicKey } from '#client/api/push-subscription.ts';
import { deskQueryRoot, deskRequest } from '#client/lib/desk/desk-session.ts';
import { keyBytes } from '#client/lib/push-key.ts';

export type DeskPhoneState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on' | 'unknown' | 'busy' | 'failed';

/** What the server does for this browser now: under the desk's root, so a reconnection or sign-out refreshes or drops it. */
const phoneKey = [deskQueryRoot, 'phone-notifications'] as const;

type Seen = 'unsupported' | 'denied' | 'off' | 'on';

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  return (await navigator.serviceWorker.ready).pushManager.getSubscription();
}

/**
 * On only when the server still sends to this browser's subscription for this staff member: it
 * drops one the push service answered 410 for, one turned off in another tab, and a removed staff
 * member's. The same browser may also hold a contact's subscription: only the server can tell.
 */
async function whatTheServerSends(): Promise<Seen> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const existing = Notification.permission === 'granted' ? await currentSubscription() : null;
  if (!existing) return 'off';
  const endpoint = encodeURIComponent(existing.endpoint);
  const { subscribed } = await deskRequest<DeskPushState>('GET', `/desk/push/subscriptions?endpoint=${endpoint}`);
  return subscribed ? 'on' : 'off';
}

/**
 * 'Recibir avisos en este teléfono' at the desk: the escalation of an alert
 * nobody attends reaches this browser as a notification with 'Atender'. It
 * subscribes through the app's service worker with the VAPID key the person's
 * app uses; the permission is asked only when the switch is turned on. What it
 * shows is asked of the server when the desk opens and each time it comes back
 * into view.
 */
export function useDeskPhoneNotifications() {
  const queryClient = useQueryClient();
  const seen = useQuery({
    queryKey: phoneKey,
    queryFn: whatTheServerSends,
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    retry: false,
  });
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const turnOn = useCallback(async () => {
    const settle = (next: Seen) => queryClient.setQueryData<Seen>(phoneKey, next);
    setBusy(true);
    setFailed(false);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') return settle(permission === 'denied' ? 'denied' : 'off');
      const worker = await navigator.serviceWorker.ready;
      const subscription =
        (await worker.pushManager.getSubscription()) ??
        (await worker.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(await getPushPublicKey()),
        }));
      await deskRequest('POST', '/desk/push/subscriptions', { subscription: subscription.toJSON() });
      settle('on');
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, [queryClient]);

  /** Off for the desk; the browser keeps its subscription, which a contact's page of the same browser may use. */
  const turnOff = useCallback(async () => {
    setBusy(true);
    setFailed(false);
    try {
      const subscription = await currentSubscription();
      if (subscription) await deskRequest('DELETE', '/desk/push/subscriptions', { endpoint: subscription.endpoint });
      queryClient.setQueryData<Seen>(phoneKey, 'off');
    } catch {
      // Not turned off: show again what the server does.
      await queryClient.invalidateQueries({ queryKey: phoneKey });
    } finally {
      setBusy(false);
    }
  }, [queryClient]);

  const state: DeskPhoneState = busy
    ? 'busy'
    : failed && seen.data !== 'on'
      ? 'failed'
      : (seen.data ?? (seen.isError ? 'unknown' : 'checking'));
  return { state, turnOn, turnOff };
}
