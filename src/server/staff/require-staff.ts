import { createMiddleware } from 'hono/factory';
import { staffPermissions, type Permission } from '#shared/api/staff.ts';
import { apiMessages } from '#shared/messages.ts';
import type { AppDeps } from '#server/deps.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { fail } from '#server/http/replies.ts';
import { sha256 } from '#server/security/hashing.ts';
import { checkStaffSession, type StaffTokenCheck } from './staff-sessions.ts';

/**
 * Tells a desk token from a person's token (or nothing). Made once per app and handed to every
 * desk route through the context (deskGate, below), so that `requireStaff` needs only the permission.
 */
export function staffTokenChecker({ db, clock, sessionLookup }: Pick<AppDeps, 'db' | 'clock' | 'sessionLookup'>) {
  return async (token: string): Promise<StaffTokenCheck> => {
    const now = clock.now();
    const session = await checkStaffSession(db, token, now);
    if (session.kind === 'valid' || session.ended) return session;
    // A person's live session gets 403, not 401: the caller is signed in, just not staff, and
    // their app must not take it for an ended session and sign them out.
    const person = await sessionLookup(sha256(token));
    const isPerson = person !== undefined && !person.revokedAt && person.expiresAt.getTime() > now.getTime();
    return isPerson ? { kind: 'person' } : { kind: 'none' };
  };
}

/** Put on `/api/desk/*` by the app: gives requireStaff its checker. */
export function deskGate(deps: Pick<AppDeps, 'db' | 'clock' | 'sessionLookup'>) {
  const check = staffTokenChecker(deps);
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('staffCheck', check);
    await next();
  });
}

/** What a refused desk token is told: the desk shows it on 'Entrar', so staff know why they are there. */
const endedMessage = {
  removed: apiMessages.staffSessionRemoved,
  idle: apiMessages.staffSessionIdle,
  expired: apiMessages.staffSessionExpired,
  unknown: apiMessages.unauthorized,
} as const;

/**
 * Every desk route: `requireStaff('desk')`, or `requireStaff('desk:admin')` for the admins' part.
 * No token or an ended one: 401. A person's token, or staff without the permission: 403.
 * Sets `c.get('staff')` = { id, email, role } and `c.get('staffSessionId')`.
 */
export function requireStaff(permission: Extract<Permission, 'desk' | 'desk:admin'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const check = c.get('staffCheck');
    if (!check) throw new Error('requireStaff outside /api/desk: the desk gate is not there');
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!token) return fail(c, 401, apiMessages.unauthorized);
    const result = await check(token);
    if (result.kind === 'none') return fail(c, 401, endedMessage[result.ended ?? 'unknown']);
    if (result.kind === 'person' || !staffPermissions(result.staff.role).includes(permission))
      return fail(c, 403, apiMessages.forbidden);
    c.set('staff', result.staff);
    c.set('staffSessionId', result.sessionId);
    await next();
  });
}
