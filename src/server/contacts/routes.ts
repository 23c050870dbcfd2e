import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { contactInputSchema, contactListQuerySchema } from '#shared/api/contacts.ts';
import { apiMessages } from '#shared/messages.ts';
import { requireBearer } from '#server/auth/bearer.ts';
import type { AppDeps } from '#server/deps.ts';
import { contacts } from '#server/db/schema.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { fail, invalid, ok } from '#server/http/replies.ts';
import { tooManyRequests } from '#server/http/too-many.ts';
import { isUuid } from '#server/http/uuid.ts';
import { validateJson } from '#server/http/validate-json.ts';
import { validateQuery } from '#server/http/validate-query.ts';
import { listContacts } from './contact-list.ts';
import { findContact, toContact } from './contact-reply.ts';
import { dropInvitations } from './invitations.ts';
import { isUnsubscribed } from './opt-outs.ts';
import { countInvitation, sendInvitation } from './send-invitation.ts';

const notFound = (c: Context) => fail(c, 404, apiMessages.contactNotFound);
const duplicate = (c: Context) => invalid(c, apiMessages.contactDuplicate, { email: [apiMessages.contactDuplicate] });

/**
 * The caller's emergency contacts (DESIGN.md section 4). Every route is scoped
 * to the bearer's account: someone else's contact id is as unknown as a made-up one.
 */
export function contactsRoutes(deps: AppDeps) {
  const { db, clock, config } = deps;
  const bearer = requireBearer(deps);

  return new Hono<AppEnv>()
    .get('/contacts', bearer, validateQuery(contactListQuerySchema), async (c) => {
      const { rows, total } = await listContacts(db, c.var.auth.userId, c.req.valid('query'));
      // json-server's header: the whole count, whatever the page.
      c.header('X-Total-Count', String(total));
      return ok(c, rows.map(toContact));
    })
    .post('/contacts', bearer, validateJson(contactInputSchema), async (c) => {
      const input = c.req.valid('json');
      const { userId } = c.var.auth;
      const now = clock.now();
      return db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: contacts.id })
          .from(contacts)
          .where(and(eq(contacts.userId, userId), eq(contacts.email, input.email)));
        if (existing) return duplicate(c);
        // An address that opted out becomes a contact again, but hears nothing from us.
        const optedOut = await isUnsubscribed(tx, userId, input.email);
        if (!optedOut) {
          const verdict = await countInvitation(tx, config, userId, input.email, now);
          if (!verdict.allowed) return tooManyRequests(c, verdict.retryAfterSeconds);
        }
        const [created] = await tx
          .insert(contacts)
          .values({ userId, ...input, createdAt: now })
          .onConflictDoNothing({ target: [contacts.userId, contacts.email] })
          .returning({ id: contacts.id });
        if (!created) return duplicate(c);
        if (!optedOut) await sendInvitation(tx, config, userId, { id: created.id, ...input }, now);
        const row = await findContact(tx, userId, created.id);
        if (!row) throw new Error('created contact not found');
        return ok(c, toContact(row));
      });
    })
    .get('/contacts/:id', bearer, async (c) => {
      const id = c.req.param('id');
      const row = isUuid(id) ? await findContact(db, c.var.auth.userId, id) : undefined;
      return row ? ok(c, toContact(row)) : notFound(c);
    })
    .delete('/contacts/:id', bearer, async (c) => {
      const id = c.req.param('id');
      if (!isUuid(id)) return notFound(c);
      return db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(contacts)
          .where(and(eq(contacts.id, id), eq(contacts.userId, c.var.auth.userId)))
          .returning({ id: contacts.id });
        if (!gone) return notFound(c);
        await dropInvitations(tx, [gone.id]);
        return ok(c, apiMessages.contactDeleted);
      });
    })
    .post('/contacts/:id/invite', bearer, async (c) => {
      const id = c.req.param('id');
      if (!isUuid(id)) return notFound(c);
      const { userId } = c.var.auth;
      const now = clock.now();
      return db.transaction(async (tx) => {
        const [contact] = await tx
          .select()
          .from(contacts)
          .where(and(eq(contacts.id, id), eq(contacts.userId, userId)))
          .for('update');
        if (!contact) return notFound(c);
        if (contact.emailVerifiedAt) return fail(c, 409, apiMessages.contactAlreadyVerified);
        if (await isUnsubscribed(tx, userId, contact.email)) return fail(c, 409, apiMessages.contactUnsubscribed);
        const verdict = await countInvitation(tx, config, userId, contact.email, now);
        if (!verdict.allowed) return tooManyRequests(c, verdict.retryAfterSeconds);
        await sendInvitation(tx, config, userId, contact, now);
        return ok(c, apiMessages.invitationSent);
      });
    });
}
