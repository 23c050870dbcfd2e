import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { profilePatchSchema, profileUpdateSchema } from '#shared/api/profile.ts';
import type { ProfilePatch } from '#shared/api/profile.ts';
import { apiMessages } from '#shared/messages.ts';
import { requireBearer } from '#server/auth/bearer.ts';
import type { AppDeps } from '#server/deps.ts';
import { users } from '#server/db/schema.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { fail, ok } from '#server/http/replies.ts';
import { validateJson } from '#server/http/validate.ts';
import { pinOf, refusalReply } from '#server/pins/seized-phone-guard.ts';
import { runAccountDeletion } from '#server/alerts/lifecycle-executor.ts';
import { deleteAccount } from './delete-account.ts';
import { deferDeletion } from './deferred-deletion.ts';
import { toProfile } from './profile-reply.ts';

// A valid bearer whose account is gone cannot happen (sessions go with it), but answer it plainly.
const gone = (c: Context) => fail(c, 401, apiMessages.unauthorized);

/** The signed-in person's own data: read, update, delete (DESIGN.md section 4). */
export function profileRoutes(deps: AppDeps) {
  const { db, clock, config } = deps;
  const bearer = requireBearer(deps);

  /** The e-mail is the sign-in identity: whatever was sent for it is ignored. */
  async function update(c: Context<AppEnv>, changes: ProfilePatch) {
    const { firstname, lastname, phone } = changes;
    const [user] = await db
      .update(users)
      .set({ firstname, lastname, phone, updatedAt: clock.now() })
      .where(eq(users.id, c.var.auth.userId))
      .returning();
    return user ? ok(c, toProfile(user)) : gone(c);
  }

  return (
    new Hono<AppEnv>()
      // 'No tengo contactos de emergencia': remembered, so every later session routes past the first-contact screen.
      .post('/profile/no-contacts', bearer, async (c) => {
        const [user] = await db
          .update(users)
          .set({ noContactsAt: clock.now() })
          .where(eq(users.id, c.var.auth.userId))
          .returning({ id: users.id });
        return user ? ok(c, apiMessages.noContactsRecorded) : gone(c);
      })
      .get('/profile', bearer, async (c) => {
        const [user] = await db.select().from(users).where(eq(users.id, c.var.auth.userId));
        return user ? ok(c, toProfile(user)) : gone(c);
      })
      // PUT replaces the editable fields: all three are required.
      .put('/profile', bearer, validateJson(profileUpdateSchema), (c) => update(c, c.req.valid('json')))
      // PATCH changes only the fields it sends (the client sends all of them, as SPEC.md says);
      // a field that is sent must still be valid, so `{"firstname": ""}` is a 422.
      .patch('/profile', bearer, validateJson(profilePatchSchema), (c) => update(c, c.req.valid('json')))
      // While the contacts are being told, the account waits for the alert's real end (deferred-deletion.ts):
      // the phone is answered and signed out as a deletion would; the contacts lose nothing.
      .delete('/profile', bearer, async (c) => {
        const { userId, familyId } = c.var.auth;
        const outcome = await runAccountDeletion({ db, config, now: clock.now() }, { userId, familyId }, pinOf(c), {
          deleteAccount,
          deferDeletion,
        });
        if (outcome.kind !== 'answered') return refusalReply(c, outcome);
        return outcome.value ? ok(c, apiMessages.accountDeleted) : gone(c);
      })
  );
}
