import { Hono } from 'hono';
import { pushMessages, pushSubscribeSchema, pushUnsubscribeSchema } from '#shared/api/push.ts';
import { apiMessages } from '#shared/messages.ts';
import type { AppDeps } from '#server/deps.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { fail, ok } from '#server/http/replies.ts';
import { validateJson } from '#server/http/validate.ts';
import { contactPagesLimit } from '#server/security/contact-pages-limit.ts';
import { confirmedContactOf } from './contact-token.ts';
import { refuseSubscription } from './subscription-check.ts';
import { contactPhones, removeSubscription, saveSubscription } from './subscriptions.ts';

/**
 * Phone notifications for a contact, without an account: the contact's page
 * holds a token (the accept page's, or an alert's 'Lo tengo' one). Limited per
 * network address together with 'Lo tengo', which the same pages call.
 */
export function pushRoutes(deps: AppDeps) {
  const { db, clock, config } = deps;

  const limited = contactPagesLimit(deps);

  return new Hono<AppEnv>()
    .get('/push/public-key', (c) => ok(c, { public_key: config.push.vapid.publicKey }))
    .post('/push/subscriptions', validateJson(pushSubscribeSchema), async (c) => {
      const refused = await limited(c);
      if (refused) return refused;
      const { token, subscription } = c.req.valid('json');
      const refusal = refuseSubscription(c, subscription, config.push.extraOrigins);
      if (refusal) return refusal;
      const now = clock.now();
      const contactId = await confirmedContactOf(db, config.secret, token, now);
      if (!contactId) return fail(c, 404, apiMessages.linkInvalid);
      await saveSubscription(db, contactPhones, contactId, subscription, now);
      return ok(c, pushMessages.subscribed);
    })
    .delete('/push/subscriptions', validateJson(pushUnsubscribeSchema), async (c) => {
      const refused = await limited(c);
      if (refused) return refused;
      const { token, endpoint } = c.req.valid('json');
      const contactId = await confirmedContactOf(db, config.secret, token, clock.now());
      if (!contactId) return fail(c, 404, apiMessages.linkInvalid);
      await removeSubscription(db, contactPhones, contactId, endpoint);
      return ok(c, pushMessages.unsubscribed);
    });
}
