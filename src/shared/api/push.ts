import * as v from 'valibot';
import { linkTokenField } from './fields.ts';

// Web Push to a contact's phone: the page subscribes the browser and hands the
// subscription over with the token of the link the contact came through.

/** A phone's notifications stop at this many per contact: the oldest goes when another phone subscribes. */
export const PUSH_SUBSCRIPTIONS_PER_CONTACT = 5;

export const pushMessages = {
  endpointInvalid: 'El teléfono no dio una dirección de avisos válida. Vuelve a activar los avisos.',
  keysInvalid: 'El teléfono no dio las claves de los avisos. Vuelve a activar los avisos.',
  serviceUnknown: 'Este navegador usa un servicio de avisos que no conocemos. Te seguiremos avisando por correo.',
  subscribed: 'Avisos activados en este teléfono.',
  unsubscribed: 'Avisos desactivados en este teléfono.',
} as const;

/** base64url, with the padding some browsers add taken off once here. */
// Missing members default to an empty value that then fails with the field's own
// message: valibot's "missing key" issue would otherwise reach the person in English.
const base64Url = (min: number, max: number, message: string) =>
  v.pipe(
    v.optional(v.string(message), ''),
    v.trim(),
    v.transform((value) => value.replace(/=+$/, '')),
    v.regex(new RegExp(`^[A-Za-z0-9_-]{${min},${max}}$`), message),
  );

/** http(s) only; the server also checks that it is a push service it trusts. */
export const pushEndpointField = v.pipe(
  v.optional(v.string(pushMessages.endpointInvalid), ''),
  v.trim(),
  v.maxLength(2048, pushMessages.endpointInvalid),
  v.url(pushMessages.endpointInvalid),
  v.regex(/^https?:\/\//, pushMessages.endpointInvalid),
);

/** `PushSubscription.toJSON()` as browsers give it; other members (expirationTime) are dropped. */
export const pushSubscriptionSchema = v.optional(
  v.object(
    {
      endpoint: pushEndpointField,
      keys: v.optional(
        v.object(
          {
            // An uncompressed P-256 point (65 bytes) and a 16-byte secret.
            p256dh: base64Url(86, 88, pushMessages.keysInvalid),
            auth: base64Url(21, 24, pushMessages.keysInvalid),
          },
          pushMessages.keysInvalid,
        ),
        { p256dh: '', auth: '' },
      ),
    },
    pushMessages.endpointInvalid,
  ),
  { endpoint: '', keys: { p256dh: '', auth: '' } },
);
export type PushSubscriptionInput = v.InferOutput<typeof pushSubscriptionSchema>;

/** POST /api/push/subscriptions */
export const pushSubscribeSchema = v.object({
  token: linkTokenField,
  subscription: pushSubscriptionSchema,
});

/** DELETE /api/push/subscriptions */
export const pushUnsubscribeSchema = v.object({
  token: linkTokenField,
  endpoint: pushEndpointField,
});

/** GET /api/push/public-key: what `pushManager.subscribe` needs as `applicationServerKey`. */
export const pushPublicKeySchema = v.object({ public_key: v.string() });

/** POST /api/desk/push/subscriptions: a staff member's phone, behind the desk session (no token in the body). */
export const deskPushSubscribeSchema = v.object({ subscription: pushSubscriptionSchema });

/** DELETE /api/desk/push/subscriptions */
export const deskPushUnsubscribeSchema = v.object({ endpoint: pushEndpointField });

/** GET /api/desk/push/subscriptions?endpoint=: does the server still send to this browser? */
export const deskPushStateSchema = v.object({ endpoint: pushEndpointField });

/** Its answer: whether the staff member asking has this endpoint among their phones. */
export type DeskPushState = { subscribed: boolean };
