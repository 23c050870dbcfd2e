import type { Context } from 'hono';
import { pushMessages, type PushSubscriptionInput } from '#shared/api/push.ts';
import { apiMessages } from '#shared/messages.ts';
import { invalid } from '#server/http/replies.ts';
import { isTrustedPushEndpoint } from './push-services.ts';
import { hasUsableKeys } from './subscription-keys.ts';

/**
 * The server's own checks of a subscription the schema already read, for every
 * phone that subscribes (a contact's, a staff member's): a push service we
 * trust, and keys that can encrypt (65-byte P-256 point, 16-byte auth). The
 * 422 to answer, or undefined when the subscription may be stored.
 */
export function refuseSubscription(c: Context, subscription: PushSubscriptionInput, extraOrigins: readonly string[]) {
  if (!isTrustedPushEndpoint(subscription.endpoint, extraOrigins))
    return invalid(c, pushMessages.serviceUnknown, { subscription: [pushMessages.serviceUnknown] });
  if (!hasUsableKeys(subscription.keys))
    return invalid(c, apiMessages.invalidData, { 'subscription.keys': [pushMessages.keysInvalid] });
  return undefined;
}
