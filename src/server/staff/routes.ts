import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  staffCeremonySchema,
  staffCodeSchema,
  staffEnrolOptionsSchema,
  staffInviteSchema,
  staffOnCallSchema,
  staffPermissions,
  type StaffMe,
  type StaffSignedIn,
} from '#shared/api/staff.ts';
import { apiMessages } from '#shared/messages.ts';
import type { RateRule } from '#server/config.ts';
import { checkCode, consumeCode, findVerification } from '#server/auth/codes.ts';
import type { AppDeps } from '#server/deps.ts';
import { staff } from '#server/db/schema.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { clientIp } from '#server/http/client-ip.ts';
import { fail, invalid, ok } from '#server/http/replies.ts';
import { tooManyRequests } from '#server/http/too-many.ts';
import { validateJson } from '#server/http/validate.ts';
import { hitRateLimit } from '#server/security/rate-limit.ts';
import { enrolmentOptions, finishEnrolment, finishSignIn, passkeyCount, signInOptions } from './passkeys.ts';
import type { CeremonyOutcome } from './passkeys.ts';
import { requireStaff } from './require-staff.ts';
import { sendStaffCode } from './staff-code.ts';
import { addStaff, findStaff, listStaff, removeStaff } from './staff-members.ts';
import { endStaffSession } from './staff-sessions.ts';

const codeRejection = {
  wrong: apiMessages.codeWrong,
  burned: apiMessages.codeBurned,
  missing: apiMessages.codeExpired,
} as const;

/**
 * The desk's own account routes, under /api/desk. `/desk/access/*` come before a session (the
 * e-mailed code that enrols a first passkey, and passkey sign-in); the rest need one.
 */
export function staffRoutes({ db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  async function ipAllowed(c: Context, name: string, rule: RateRule) {
    const verdict = await hitRateLimit(db, `${name}:ip:${clientIp(c, config.trustProxy)}`, rule, clock.now());
    return verdict.allowed ? undefined : tooManyRequests(c, verdict.retryAfterSeconds);
  }

  function ceremonyReply(c: Context, outcome: CeremonyOutcome) {
    switch (outcome.kind) {
      case 'signed-in': {
        const reply: StaffSignedIn = {
          token: outcome.session.token,
          expiresAt: outcome.session.expiresAt.toISOString(),
          staff: outcome.staff,
        };
        return ok(c, reply);
      }
      case 'expired':
        return invalid(c, apiMessages.ceremonyExpired, { ticket: [apiMessages.ceremonyExpired] });
      case 'already-enrolled':
        return fail(c, 409, apiMessages.staffAlreadyEnrolled);
      case 'unknown':
        return fail(c, 401, apiMessages.passkeyUnknown);
      case 'failed':
        return invalid(c, apiMessages.passkeyFailed, { answer: [apiMessages.passkeyFailed] });
    }
  }

  return (
    new Hono<AppEnv>()
      .post('/desk/access/code', validateJson(staffCodeSchema), async (c) => {
        const limited = await ipAllowed(c, 'desk-code', config.rateLimits.signinPerIp);
        if (limited) return limited;
        const { email } = c.req.valid('json');
        await db.transaction((tx) => sendStaffCode(tx, config, email, clock.now()));
        return ok(c, apiMessages.staffCodeSent);
      })
      .post('/desk/access/enrol-options', validateJson(staffEnrolOptionsSchema), async (c) => {
        const limited = await ipAllowed(c, 'desk-verify', config.rateLimits.verifyPerIp);
        if (limited) return limited;
        const { email, code } = c.req.valid('json');
        const now = clock.now();
        return db.transaction(async (tx) => {
          const row = await findVerification(tx, 'staff-enrol', email);
          const check = await checkCode(tx, config.secret, row, code, now);
          if (check !== 'ok') return invalid(c, codeRejection[check], { code: [codeRejection[check]] });
          const member = await findStaff(tx, email);
          if (!member) return invalid(c, apiMessages.codeExpired, { code: [apiMessages.codeExpired] });
          if ((await passkeyCount(tx, member.id)) > 0) return fail(c, 409, apiMessages.staffAlreadyEnrolled);
          await consumeCode(tx, row!);
          return ok(c, await enrolmentOptions(tx, config, member, now));
        });
      })
      .post('/desk/access/enrol', validateJson(staffCeremonySchema), async (c) => {
        const { ticket, answer } = c.req.valid('json');
        const outcome = await db.transaction((tx) =>
          finishEnrolment(tx, config, ticket, answer as unknown as RegistrationResponseJSON, clock.now()),
        );
        return ceremonyReply(c, outcome);
      })
      .post('/desk/access/signin-options', async (c) => {
        const limited = await ipAllowed(c, 'desk-signin', config.rateLimits.signinPerIp);
        if (limited) return limited;
        return ok(c, await signInOptions(db, config, clock.now()));
      })
      .post('/desk/access/signin', validateJson(staffCeremonySchema), async (c) => {
        const limited = await ipAllowed(c, 'desk-verify', config.rateLimits.verifyPerIp);
        if (limited) return limited;
        const { ticket, answer } = c.req.valid('json');
        const outcome = await db.transaction((tx) =>
          finishSignIn(tx, config, ticket, answer as unknown as AuthenticationResponseJSON, clock.now()),
        );
        return ceremonyReply(c, outcome);
      })
      .get('/desk/me', requireStaff('desk'), async (c) => {
        const { id, email, role } = c.get('staff');
        const [row] = await db
          .select({ onCall: staff.onCall })
          .from(staff)
          .where(and(eq(staff.id, id), isNull(staff.removedAt)));
        const me: StaffMe = {
          id,
          email,
          role,
          onCall: row?.onCall ?? false,
          roles: [role],
          permissions: staffPermissions(role),
          firmName: config.firmName,
        };
        return ok(c, me);
      })
      .patch('/desk/me', requireStaff('desk'), validateJson(staffOnCallSchema), async (c) => {
        const { onCall } = c.req.valid('json');
        await db
          .update(staff)
          .set({ onCall })
          .where(eq(staff.id, c.get('staff').id));
        return ok(c, apiMessages.onCallSaved);
      })
      .post('/desk/signout', requireStaff('desk'), async (c) => {
        await endStaffSession(db, c.get('staffSessionId'));
        return ok(c, apiMessages.staffSignedOut);
      })
      .get('/desk/staff', requireStaff('desk:admin'), async (c) => ok(c, await listStaff(db)))
      // An invitation: on the staff with this role, and the code for a first passkey by e-mail.
      .post('/desk/staff', requireStaff('desk:admin'), validateJson(staffInviteSchema), async (c) => {
        const { email, role } = c.req.valid('json');
        const now = clock.now();
        const member = await db.transaction(async (tx) => {
          const added = await addStaff(tx, email, role, now);
          if (added !== 'last-admin') await sendStaffCode(tx, config, email, now);
          return added;
        });
        if (member === 'last-admin') return fail(c, 409, apiMessages.staffLastAdmin);
        return ok(c, member, 201);
      })
      .delete('/desk/staff/:id', requireStaff('desk:admin'), async (c) => {
        const id = c.req.param('id');
        const team = await listStaff(db);
        const member = team.find((m) => m.id === id);
        if (!member) return fail(c, 404, apiMessages.staffNotFound);
        const { id: byId, email: byEmail } = c.get('staff');
        const removal = await removeStaff(db, member.email, clock.now(), { id: byId, email: byEmail });
        if (removal === 'self') return fail(c, 409, apiMessages.staffCannotRemoveSelf);
        if (removal === 'last-admin') return fail(c, 409, apiMessages.staffLastAdmin);
        if (removal === 'absent') return fail(c, 404, apiMessages.staffNotFound);
        return ok(c, apiMessages.staffRemoved);
      })
  );
}
