import { Hono } from 'hono';
import * as v from 'valibot';
import { linkTokenSchema } from '#shared/api/contacts.ts';
import { linkTokenField } from '#shared/api/fields.ts';
import { apiMessages } from '#shared/messages.ts';
import { requireBearer } from '#server/auth/bearer.ts';
import type { AppDeps } from '#server/deps.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { fail, ok } from '#server/http/replies.ts';
import { validateJson } from '#server/http/validate.ts';
import { contactPagesLimit } from '#server/security/contact-pages-limit.ts';
import { acknowledge, findAck } from './acknowledge.ts';
import { alertDeliveryState, practiceDeliveryState } from './delivery-state.ts';

/**
 * Delivery state (docs/delivery-state.md): the person's view of their alert's and
 * practice's e-mails, and the contact's 'Lo tengo', which needs no account: the
 * link opens a web page that reads with GET, and only its button POSTs (mail
 * scanners open links). Token calls are limited per network address.
 */
export function acknowledgementRoutes(deps: AppDeps) {
  const { db, clock } = deps;
  const bearer = requireBearer(deps);
  const limited = contactPagesLimit(deps);

  return new Hono<AppEnv>()
    .get('/alert-deliveries', bearer, async (c) => ok(c, await alertDeliveryState(db, c.var.auth.userId)))
    .get('/practice-deliveries', bearer, async (c) =>
      ok(c, await practiceDeliveryState(db, c.var.auth.userId, clock.now())),
    )
    .get('/ack/:token', async (c) => {
      const refused = await limited(c);
      if (refused) return refused;
      const token = v.safeParse(linkTokenField, c.req.param('token'));
      const view = token.success ? await findAck(db, token.output, clock.now()) : undefined;
      return view ? ok(c, view) : fail(c, 404, apiMessages.linkInvalid);
    })
    .post('/ack', validateJson(linkTokenSchema), async (c) => {
      const refused = await limited(c);
      if (refused) return refused;
      const view = await acknowledge(db, c.req.valid('json').token, clock.now());
      return view ? ok(c, view) : fail(c, 404, apiMessages.linkInvalid);
    });
}
