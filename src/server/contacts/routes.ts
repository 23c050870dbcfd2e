import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Context, MiddlewareHandler } from 'hono';
import {
  contactInputSchema,
  contactLanguageSchema,
  contactListQuerySchema,
  contactPatchSchema,
  type ContactInput,
  type ContactPatchInput,
} from '#shared/api/contacts.ts';
import {
  invitationAlreadyScheduled,
  invitationPendingNotice,
  invitationResendLater,
  inWait,
} from '#shared/invitation-texts.ts';
import { apiMessages } from '#shared/messages.ts';
import { requireBearer } from '#server/auth/bearer.ts';
import type { Queryable } from '#server/db/client.ts';
import type { AppDeps } from '#server/deps.ts';
import { contacts, outbox, users, type ShownContactDetails } from '#server/db/schema.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { fail, invalid, ok } from '#server/http/replies.ts';
import { tooManyRequests } from '#server/http/too-many.ts';
import { isUuid } from '#server/http/uuid.ts';
import { validateJson, validateQuery } from '#server/http/validate.ts';
import { seizedPhoneGuard } from '#server/pins/seized-phone-guard.ts';
import { listContacts } from './contact-list.ts';
import { findContact, shownContactsOf, shownIdIs, toContact } from './contact-reply.ts';
import { dropInvitations } from './invitations.ts';
import { isUnsubscribed } from '#server/message-content/opt-outs.ts';
import { takeInvitationSlot } from './invitation-slots.ts';
import { sendInvitation } from './send-invitation.ts';

const notFound = (c: Context) => fail(c, 404, apiMessages.contactNotFound);
const duplicate = (c: Context) => invalid(c, apiMessages.contactDuplicate, { email: [apiMessages.contactDuplicate] });
// An alert goes to the contacts, never back to the person who pressed: their own address is no contact.
const isYou = (c: Context) => invalid(c, apiMessages.contactIsYou, { email: [apiMessages.contactIsYou] });
const secondsUntil = (at: Date, now: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));

/**
 * Adding an address the person deleted with the duress PIN: the contact was kept
 * (and is still told), so the addition is shown instead, as the new contact a real
 * deletion then this addition would have made: a new id, the details typed, to be
 * confirmed again. Its e-mails keep the language the contact had; marking it for
 * the detention information adds, unmarking is only shown. Undefined when the
 * address is an ordinary contact (a duplicate).
 */
async function showAddedAgain(
  tx: Queryable,
  userId: string,
  input: ContactInput,
  now: Date,
): Promise<{ id: string; shownId: string } | undefined> {
  const details: ShownContactDetails = {
    firstname: input.firstname,
    lastname: input.lastname,
    phone: input.phone,
    kinship: input.kinship,
    language: input.language,
  };
  const [row] = await tx
    .update(contacts)
    .set({
      shownDeletedAt: null,
      shownId: randomUUID(),
      shownAddedAt: now,
      shownAs: details,
      // A new contact receives no detention information until marked.
      shownWithoutDetentionAt: now,
      invitationDueAt: null,
    })
    .where(and(eq(contacts.userId, userId), eq(contacts.email, input.email), isNotNull(contacts.shownDeletedAt)))
    .returning({ id: contacts.id, shownId: contacts.shownId });
  return row?.shownId ? { id: row.id, shownId: row.shownId } : undefined;
}

/**
 * The caller's emergency contacts (DESIGN.md section 4). Every route is scoped
 * to the bearer's account: someone else's contact id is as unknown as a made-up one.
 */
export function contactsRoutes(deps: AppDeps) {
  const { db, clock, config } = deps;
  const bearer = requireBearer(deps);
  const guarded = seizedPhoneGuard(deps);
  // Someone else's contact is unknown whatever the body says: 404 before any 422.
  const ownContact: MiddlewareHandler<AppEnv> = async (c, next) => {
    const id = c.req.param('id');
    if (!id || !isUuid(id) || !(await findContact(db, c.var.auth.userId, id))) return notFound(c);
    await next();
  };

  // For a deletion: also a contact the person was shown deleted with the duress PIN, which the
  // real PIN still deletes for real (the lifecycle decides; the duress PIN meets it as deleted).
  const ownOrShownDeleted: MiddlewareHandler<AppEnv> = async (c, next) => {
    const id = c.req.param('id');
    if (!id || !isUuid(id)) return notFound(c);
    const [row] = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(shownIdIs(id), eq(contacts.userId, c.var.auth.userId)));
    if (!row) return notFound(c);
    await next();
  };

  /** Whether this change tells the contacts less: unmarking a contact the person is shown receiving the information. */
  async function reduces(tx: Queryable, c: Context<AppEnv>, input: ContactPatchInput) {
    if (input.receives_detention_info !== false) return false;
    const shown = await findContact(tx, c.var.auth.userId, c.req.param('id') ?? '');
    return shown?.receivesDetentionInfo === true;
  }

  // The language tells nobody less (the same person, in another language): stored whatever the PIN.
  const languageChange = (language: ContactPatchInput['language']) =>
    language === undefined
      ? {}
      : {
          language,
          // A contact added again after a duress deletion is shown its new language too.
          shownAs: sql<ShownContactDetails | null>`case when ${contacts.shownAs} is null then null
                else jsonb_set(${contacts.shownAs}, '{language}', to_jsonb(${language}::text)) end`,
        };

  async function changeContact(tx: Queryable, c: Context<AppEnv>, input: ContactPatchInput) {
    const id = c.req.param('id') ?? '';
    const { userId } = c.var.auth;
    // Unmarking a contact shown unmarked already changes nothing: one unmarked with the duress PIN keeps receiving.
    const detention =
      input.receives_detention_info === undefined ||
      (input.receives_detention_info === false && !(await reduces(tx, c, input)))
        ? {}
        : { receivesDetentionInfo: input.receives_detention_info, shownWithoutDetentionAt: null };
    const changes = { ...languageChange(input.language), ...detention };
    // Nothing to store (unmarking a contact that is not marked): the reply is the contact as it is.
    if (Object.keys(changes).length > 0) {
      await tx
        .update(contacts)
        .set(changes)
        .where(and(shownIdIs(id), eq(contacts.userId, userId)));
    }
    const row = await findContact(tx, userId, id);
    return row ? ok(c, toContact(row, clock.now())) : notFound(c);
  }

  /** The reply changeContact would give; the person is shown the contact unmarked, and it keeps receiving the information. */
  async function pretendChange(tx: Queryable, c: Context<AppEnv>, input: ContactPatchInput) {
    const id = c.req.param('id') ?? '';
    const { userId } = c.var.auth;
    const [changed] = await tx
      .update(contacts)
      .set({ ...languageChange(input.language), shownWithoutDetentionAt: clock.now() })
      .where(and(shownIdIs(id), eq(contacts.userId, userId)))
      .returning({ id: contacts.id });
    const row = changed ? await findContact(tx, userId, id) : undefined;
    return row ? ok(c, toContact(row, clock.now())) : notFound(c);
  }

  /** 'Eliminar': the contact and its pending invitation go. */
  async function deleteContact(tx: Queryable, c: Context<AppEnv>, id: string) {
    const [gone] = await tx
      .delete(contacts)
      .where(and(shownIdIs(id), eq(contacts.userId, c.var.auth.userId)))
      .returning({ id: contacts.id, email: contacts.email });
    if (!gone) return notFound(c);
    await dropInvitations(tx, [gone.id]);
    // An invitation still waiting for its slot would carry a dead link: it goes too.
    await tx
      .delete(outbox)
      .where(
        and(
          eq(outbox.userId, c.var.auth.userId),
          eq(outbox.recipient, gone.email),
          eq(outbox.kind, 'contact-invitation'),
          eq(outbox.status, 'pending'),
        ),
      );
    return ok(c, apiMessages.contactDeleted);
  }

  /** Under the duress PIN the person is shown it deleted (and, the next time, as gone); the contact keeps being told. */
  async function pretendDelete(tx: Queryable, c: Context<AppEnv>, id: string) {
    const [hidden] = await tx
      .update(contacts)
      .set({ shownDeletedAt: clock.now() })
      .where(and(shownIdIs(id), shownContactsOf(c.var.auth.userId)))
      .returning({ id: contacts.id });
    return hidden ? ok(c, apiMessages.contactDeleted) : notFound(c);
  }

  return (
    new Hono<AppEnv>()
      .get('/contacts', bearer, validateQuery(contactListQuerySchema), async (c) => {
        const { rows, total } = await listContacts(db, c.var.auth.userId, c.req.valid('query'));
        // json-server's header: the whole count, whatever the page.
        c.header('X-Total-Count', String(total));
        const now = clock.now();
        return ok(
          c,
          rows.map((row) => toContact(row, now)),
        );
      })
      .post('/contacts', bearer, validateJson(contactInputSchema), async (c) => {
        const input = c.req.valid('json');
        const { userId } = c.var.auth;
        const now = clock.now();
        return db.transaction(async (tx) => {
          const [me] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
          if (me?.email === input.email) return isYou(c);
          const [inserted] = await tx
            .insert(contacts)
            .values({ userId, ...input, createdAt: now })
            .onConflictDoNothing({ target: [contacts.userId, contacts.email] })
            .returning({ id: contacts.id, shownId: contacts.id });
          const created = inserted ?? (await showAddedAgain(tx, userId, input, now));
          if (!created) return duplicate(c);
          // Saving is never limited, sending is: past the invitation limits the e-mail
          // is queued for the first moment they allow, and leaves by itself then.
          // An address that opted out becomes a contact again, but hears nothing from us.
          let notice: string | undefined;
          if (!(await isUnsubscribed(tx, userId, input.email))) {
            const slot = await takeInvitationSlot(tx, config, userId, input.email, now, true);
            if (slot.at > now) {
              await tx.update(contacts).set({ invitationDueAt: slot.at }).where(eq(contacts.id, created.id));
              notice = invitationPendingNotice(inWait(slot.at, now));
            }
            await sendInvitation(tx, config, userId, { id: created.id, ...input }, now, slot.at);
          }
          const row = await findContact(tx, userId, created.shownId);
          if (!row) throw new Error('created contact not found');
          return c.json({ success: true as const, message: toContact(row, now), ...(notice ? { notice } : {}) });
        });
      })
      .get('/contacts/:id', bearer, async (c) => {
        const id = c.req.param('id');
        const row = isUuid(id) ? await findContact(db, c.var.auth.userId, id) : undefined;
        return row ? ok(c, toContact(row, clock.now())) : notFound(c);
      })
      // PUT changes the language; PATCH the language, the detention information choice, or both.
      .put('/contacts/:id', bearer, ownContact, validateJson(contactLanguageSchema), (c) =>
        db.transaction((tx) => changeContact(tx, c, c.req.valid('json'))),
      )
      // Unmarking who receives the detention information tells the contacts less: a guarded action.
      .patch('/contacts/:id', bearer, ownContact, validateJson(contactPatchSchema), async (c) => {
        const input = c.req.valid('json');
        if (!(await reduces(db, c, input))) return db.transaction((tx) => changeContact(tx, c, input));
        return guarded(c, 'unmark-detention-receiver', {
          carryOut: (tx) => changeContact(tx, c, input),
          pretend: (tx) => pretendChange(tx, c, input),
        });
      })
      .delete('/contacts/:id', bearer, ownOrShownDeleted, (c) => {
        const id = c.req.param('id');
        return guarded(c, 'delete-contact', {
          carryOut: (tx) => deleteContact(tx, c, id),
          pretend: (tx) => pretendDelete(tx, c, id),
        });
      })
      .post('/contacts/:id/invite', bearer, async (c) => {
        const id = c.req.param('id');
        if (!isUuid(id)) return notFound(c);
        const { userId } = c.var.auth;
        const now = clock.now();
        return db.transaction(async (tx) => {
          const [locked] = await tx
            .select({ id: contacts.id })
            .from(contacts)
            .where(and(shownIdIs(id), shownContactsOf(userId)))
            .for('update');
          // As the person is shown it (added again after a duress deletion: a new contact to confirm).
          const shown = locked ? await findContact(tx, userId, id) : undefined;
          if (!locked || !shown) return notFound(c);
          const contact = { ...shown, id: locked.id };
          if (contact.emailVerifiedAt) return fail(c, 409, apiMessages.contactAlreadyVerified);
          if (await isUnsubscribed(tx, userId, contact.email)) return fail(c, 409, apiMessages.contactUnsubscribed);
          // The first invitation is still queued for its slot: it leaves by itself.
          if (contact.invitationDueAt && contact.invitationDueAt > now) {
            return tooManyRequests(
              c,
              secondsUntil(contact.invitationDueAt, now),
              invitationAlreadyScheduled(inWait(contact.invitationDueAt, now)),
            );
          }
          // A resend is the person's own choice, so it is never queued: it goes now or is refused with when.
          const slot = await takeInvitationSlot(tx, config, userId, contact.email, now, false);
          if (!slot.taken)
            return tooManyRequests(c, secondsUntil(slot.at, now), invitationResendLater(inWait(slot.at, now)));
          await sendInvitation(tx, config, userId, contact, now);
          return ok(c, apiMessages.invitationSent);
        });
      })
  );
}
