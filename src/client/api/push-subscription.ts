import { pushPublicKeySchema } from '#shared/api/push.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { parseMessage } from '#client/lib/api-reply.ts';

/** The server's VAPID public key, which the browser's push service binds the subscription to. */
export async function getPushPublicKey(): Promise<string> {
  return parseMessage(pushPublicKeySchema, await apiRequest('GET', '/push/public-key', { authenticated: false }))
    .public_key;
}

/** Ties this phone's subscription to the contact behind the page's link token. */
export async function sendPushSubscription(token: string, subscription: PushSubscription): Promise<void> {
  await apiRequest('POST', '/push/subscriptions', {
    body: { token, subscription: subscription.toJSON() },
    authenticated: false,
  });
}

export async function deletePushSubscription(token: string, endpoint: string): Promise<void> {
  await apiRequest('DELETE', '/push/subscriptions', {
    body: { token, endpoint },
    authenticated: false,
  });
}
