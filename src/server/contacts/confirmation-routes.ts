import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { contactLanguageByLinkSchema, linkTokenSchema } from '#shared/api/contacts.ts';
import { linkTokenField } from '#shared/api/fields.ts';
import { apiMessages } from '#shared/messages.ts';
import type { AppDeps } from '#server/deps.ts';
import { contacts, users } from '#server/db/schema.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { fail, ok } from '#server/http/replies.ts';
import { validateJson } from '#server/http/validate.ts';
import { contactPushToken } from '#server/push/contact-token.ts';
import { contactPagesLimit } from '#server/security/contact-pages-limit.ts';
import { acceptedInvitationContactOf, takeInvitation } from './invitations.ts';
import { contactOfLink } from './link-contact.ts';
import { optOut } from './opt-out.ts';

/**
 * What a contact does from an e-mail, without an account. The e-mail links
 * open web pages, never these calls: mail scanners follow links, so consent is
 * recorded only when the page calls us after the person presses a button.
 */
export function contactConfirmationRoutes(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  const { db, clock, config } = deps;
  const limited = contactPagesLimit(deps);
  return (
    new Hono<AppEnv>()
      .get('/verify-contact/:token', async (c) => {
        const token = v.safeParse(linkTokenField, c.req.param('token'));
        if (!token.success) return fail(c, 404, apiMessages.linkInvalid);
        const now = clock.now();
        return db.transaction(async (tx) => {
          const contactId = await takeInvitation(tx, token.output, now);
          const [verified] = contactId
            ? await tx
                .update(contacts)
                .set({
                  emailVerifiedAt: sql`coalesce(${contacts.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
                  // Added again after a duress deletion: shown confirmed from now on (contact-reply.ts).
                  shownAs: sql`case when ${contacts.shownAs} is null or ${contacts.shownAs} ? 'confirmedAt' then ${contacts.shownAs}
                    else jsonb_set(${contacts.shownAs}, '{confirmedAt}', to_jsonb(${now.toISOString()}::text)) end`,
                })
                .where(eq(contacts.id, contactId))
                .returning({ id: contacts.id })
            : [];
          if (!verified) return fail(c, 404, apiMessages.linkInvalid);
          // The accept page's key to turning on phone notifications: the invitation's token is used up now.
          return c.json({
            success: true as const,
            message: apiMessages.contactVerified,
            push_token: contactPushToken(config.secret, verified.id),
          });
        });
      })
      // Whom a contact's page speaks of ('Ana Pérez te agregó…'), and whether the invitation was already
      // accepted: a reopened invitation says so instead of showing the terms again. Any of the contact's links.
      .get('/link-person/:token', async (c) => {
        const now = clock.now();
        const refused = await limited(c);
        if (refused) return refused;
        const token = v.safeParse(linkTokenField, c.req.param('token'));
        if (!token.success) return fail(c, 404, apiMessages.linkInvalid);
        const contactId =
          (await acceptedInvitationContactOf(db, token.output, now)) ??
          (await contactOfLink(db, config.secret, token.output, now));
        const [row] = contactId
          ? await db
              .select({ firstname: users.firstname, lastname: users.lastname, verifiedAt: contacts.emailVerifiedAt })
              .from(contacts)
              .innerJoin(users, eq(users.id, contacts.userId))
              .where(eq(contacts.id, contactId))
          : [];
        if (!row) return fail(c, 404, apiMessages.linkInvalid);
        const name = `${row.firstname} ${row.lastname}`.replace(/\s+/g, ' ').trim();
        return ok(c, { name, accepted: row.verifiedAt !== null });
      })
      .post('/unsubscribe', validateJson(linkTokenSchema), async (c) => {
        const { token } = c.req.valid('json');
        const known = await db.transaction((tx) => optOut(tx, token, clock.now()));
        return known ? ok(c, apiMessages.unsubscribed) : fail(c, 404, apiMessages.linkInvalid);
      })
      // The language switch on a contact's page: kept on the contact, so the next e-mail follows it.
      // Limited per network address with 'Lo tengo' and the notifications, which the same pages call.
      .put('/contact-language', validateJson(contactLanguageByLinkSchema), async (c) => {
        const now = clock.now();
        const refused = await limited(c);
        if (refused) return refused;
        const { token, language } = c.req.valid('json');
        const contactId = await contactOfLink(db, config.secret, token, now);
        if (!contactId) return fail(c, 404, apiMessages.linkInvalid);
        await db.update(contacts).set({ language }).where(eq(contacts.id, contactId));
        return ok(c, apiMessages.contactLanguageSaved);
      })
  );
}
