import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { staffPermissions, type StaffMember } from '#shared/api/staff.ts';
import type { AppDeps } from '#server/deps.ts';
import { staff } from '#server/db/schema.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { ok } from '#server/http/replies.ts';
import { requireStaff } from './require-staff.ts';
import { listStaff } from './staff-members.ts';

/** The desk's own account routes, under /api/desk: who is signed in, and the team for admins. */
export function staffRoutes({ db, config }: Pick<AppDeps, 'db' | 'config'>) {
  return new Hono<AppEnv>()
    .get('/desk/me', requireStaff('desk'), async (c) => {
      const { id, email, role } = c.get('staff');
      const [row] = await db
        .select({ onCall: staff.onCall })
        .from(staff)
        .where(and(eq(staff.id, id), isNull(staff.removedAt)));
      const me: StaffMember = { id, email, role, onCall: row?.onCall ?? false };
      return ok(c, { ...me, roles: [role], permissions: staffPermissions(role), firmName: config.firmName });
    })
    .get('/desk/staff', requireStaff('desk:admin'), async (c) => ok(c, await listStaff(db)));
}
