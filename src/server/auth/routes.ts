import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { refreshSchema, signinSchema, signupSchema, verifySchema } from '#shared/api/auth.ts';
import { SIGNIN_COOLDOWN_MS } from '#shared/constants.ts';
import { apiMessages } from '#shared/messages.ts';
import type { RateRule } from '#server/config.ts';
import type { AppDeps } from '#server/deps.ts';
import type { Queryable } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { clientIp } from '#server/http/client-ip.ts';
import { fail, invalid, ok } from '#server/http/replies.ts';
import { tooManyRequests } from '#server/http/too-many.ts';
import { validateJson } from '#server/http/validate.ts';
import { hitRateLimit } from '#server/security/rate-limit.ts';
import { requireBearer } from './bearer.ts';
import { checkCode, consumeCode, findVerification } from './codes.ts';
import type { CodeCheck } from './codes.ts';
import { warnOfBurnedCode } from './lockout-mail.ts';
import { revokeFamily, rotateRefreshToken } from './refresh.ts';
import { sendSignInCode } from './send-code.ts';
import type { SendCodeOutcome } from './send-code.ts';
import { loadSession, toSession } from './session-reply.ts';
import { deviceName } from './device-name.ts';
import { warnOfNewSession } from './new-session-mail.ts';
import { issueTokens, newFamily } from './tokens.ts';

/** Sign-in by e-mailed code, sign-up, token refresh and sign-out (DESIGN.md section 4). */
export function authRoutes(deps: AppDeps) {
  const { db, clock, config } = deps;
  const limits = config.rateLimits;

  /** Per-IP limits count every request, committed on their own so a failing request still counts. */
  async function ipAllowed(c: Context, name: string, rule: RateRule) {
    const verdict = await hitRateLimit(db, `${name}:ip:${clientIp(c, config.trustProxy)}`, rule, clock.now());
    return verdict.allowed ? undefined : tooManyRequests(c, verdict.retryAfterSeconds);
  }

  const rejection = {
    wrong: apiMessages.codeWrong,
    burned: apiMessages.codeBurned,
    missing: apiMessages.codeExpired,
  } as const;

  /** A refused code. A burned one also warns the account's owner by e-mail (same reply whether or not there is an account). */
  async function codeRejected(c: Context, tx: Queryable, email: string, check: Exclude<CodeCheck, 'ok'>) {
    if (check === 'burned') await warnOfBurnedCode(tx, email, clock.now());
    const message = rejection[check];
    return invalid(c, message, { code: [message] });
  }

  function codeRefused(c: Context, outcome: Extract<SendCodeOutcome, { sent: false }>) {
    return tooManyRequests(
      c,
      outcome.retryAfterSeconds,
      outcome.locked ? apiMessages.signinLocked : apiMessages.tooManyRequests,
    );
  }

  return new Hono<AppEnv>()
    .post('/signin', validateJson(signinSchema), async (c) => {
      const limited = await ipAllowed(c, 'signin', limits.signinPerIp);
      if (limited) return limited;
      const { email } = c.req.valid('json');
      const now = clock.now();
      return db.transaction(async (tx) => {
        const live = await findVerification(tx, 'signin', email);
        // A code that is fresh and still usable: the person only needs to look at their inbox.
        if (live && live.expiresAt > now && now.getTime() - live.sentAt.getTime() < SIGNIN_COOLDOWN_MS) {
          return fail(c, 409, apiMessages.codeRecentlySent);
        }
        const outcome = await sendSignInCode(tx, config, email, now);
        if (!outcome.sent) return codeRefused(c, outcome);
        return ok(c, apiMessages.codeSent);
      });
    })
    .post('/resend-code', validateJson(signinSchema), async (c) => {
      const limited = await ipAllowed(c, 'resend', limits.resendPerIp);
      if (limited) return limited;
      const { email } = c.req.valid('json');
      const outcome = await db.transaction((tx) => sendSignInCode(tx, config, email, clock.now()));
      if (!outcome.sent) return codeRefused(c, outcome);
      return ok(c, apiMessages.codeSent);
    })
    .post('/verify', validateJson(verifySchema), async (c) => {
      const limited = await ipAllowed(c, 'verify', limits.verifyPerIp);
      if (limited) return limited;
      const { email, code } = c.req.valid('json');
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row = await findVerification(tx, 'signin', email);
        const check = await checkCode(tx, config.secret, row, code, now);
        if (check !== 'ok' || !row) return codeRejected(c, tx, email, check === 'ok' ? 'missing' : check);
        const [user] = await tx
          .select({ id: users.id, email: users.email, firstname: users.firstname })
          .from(users)
          .where(eq(users.email, email));
        // The code stays valid: the client carries it to signup.
        if (!user) return fail(c, 404, apiMessages.userNotRegistered);
        await consumeCode(tx, row);
        const device = deviceName(c.req.header('user-agent'));
        const session = await loadSession(tx, user.id, await issueTokens(tx, user.id, now, newFamily(device, now)));
        await warnOfNewSession(tx, user, device, now);
        return ok(c, session);
      });
    })
    .post('/signup', validateJson(signupSchema), async (c) => {
      const limited = await ipAllowed(c, 'verify', limits.verifyPerIp);
      if (limited) return limited;
      const { email, code, firstname, lastname, phone } = c.req.valid('json');
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row = await findVerification(tx, 'signin', email);
        // The code first: without it, signup must not reveal whether an address is registered.
        const check = await checkCode(tx, config.secret, row, code, now);
        if (check !== 'ok' || !row) return codeRejected(c, tx, email, check === 'ok' ? 'missing' : check);
        const [user] = await tx
          .insert(users)
          .values({ email, firstname, lastname, phone, createdAt: now, updatedAt: now })
          .onConflictDoNothing({ target: users.email })
          .returning();
        if (!user) return fail(c, 409, apiMessages.userAlreadyRegistered);
        await consumeCode(tx, row);
        const device = deviceName(c.req.header('user-agent'));
        const tokens = await issueTokens(tx, user.id, now, newFamily(device, now));
        await warnOfNewSession(tx, user, device, now);
        return ok(c, toSession(user, 0, tokens));
      });
    })
    .post('/refresh', validateJson(refreshSchema), async (c) => {
      const { refresh_token } = c.req.valid('json');
      const now = clock.now();
      return db.transaction(async (tx) => {
        const outcome = await rotateRefreshToken(tx, config.secret, refresh_token, now);
        const session = outcome.ok ? await loadSession(tx, outcome.userId, outcome.tokens) : undefined;
        if (!session) return fail(c, 401, apiMessages.refreshInvalid);
        return ok(c, session);
      });
    })
    .post('/logout', requireBearer(deps), async (c) => {
      // Signing out ends this device's session: every token of its rotation family.
      await revokeFamily(db, c.var.auth.familyId, clock.now());
      return ok(c, apiMessages.signedOut);
    });
}
