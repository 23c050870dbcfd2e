import { Hono } from 'hono';
import {
  deskPushStateSchema,
  deskPushSubscribeSchema,
  deskPushUnsubscribeSchema,
  pushMessages,
  type DeskPushState,
} from '#shared/api/push.ts';
import type { AppDeps } from '#server/deps.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { ok } from '#server/http/replies.ts';
import { validateJson, validateQuery } from '#server/http/validate.ts';
import { refuseSubscription } from '#server/push/subscription-check.ts';
import { removeSubscription, saveSubscription } from '#server/push/subscriptions.ts';
import { requireStaff } from '#server/staff/require-staff.ts';
import { hasStaffSubscription, staffPhones } from './staff-push-subscriptions.ts';

/**
 * 'Recibir avisos en este teléfono', under /api/desk: the escalation of an
 * alert nobody attends reaches the staff member's phone (escalation.ts). The
 * subscription is checked as a contact's is (subscription-check.ts); the desk asks
 * whether its browser's is still kept before showing the switch on.
 */
export function deskPushRoutes({ db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  return (
    new Hono<AppEnv>()
      // The switch shows what the server does, not what this browser last did.
      .get('/desk/push/subscriptions', requireStaff('desk'), validateQuery(deskPushStateSchema), async (c) => {
        const state: DeskPushState = {
          subscribed: await hasStaffSubscription(db, c.get('staff').id, c.req.valid('query').endpoint),
        };
        return ok(c, state);
      })
      .post('/desk/push/subscriptions', requireStaff('desk'), validateJson(deskPushSubscribeSchema), async (c) => {
        const { subscription } = c.req.valid('json');
        const refusal = refuseSubscription(c, subscription, config.push.extraOrigins);
        if (refusal) return refusal;
        await saveSubscription(db, staffPhones, c.get('staff').id, subscription, clock.now());
        return ok(c, pushMessages.subscribed);
      })
      .delete('/desk/push/subscriptions', requireStaff('desk'), validateJson(deskPushUnsubscribeSchema), async (c) => {
        await removeSubscription(db, staffPhones, c.get('staff').id, c.req.valid('json').endpoint);
        return ok(c, pushMessages.unsubscribed);
      })
  );
}
