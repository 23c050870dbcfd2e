import { randomUUID } from 'node:crypto';
import type { StaffRole } from '#shared/api/staff.ts';
import { addStaff } from '#server/staff/staff-members.ts';
import { startStaffSession } from '#server/staff/staff-sessions.ts';
import type { TestApp } from './test-app.ts';

export type StaffBearer = { token: string; staffId: string; email: string };

/**
 * A staff member with an open desk session, for API tests: the session is opened by the same
 * function the passkey sign-in ends in (startStaffSession), at the test app's clock. The e2e
 * tests go through a real virtual authenticator instead.
 */
export async function staffBearer(
  t: Pick<TestApp, 'db' | 'clock'>,
  { role, email = `staff-${randomUUID().slice(0, 8)}@firma.example` }: { role: StaffRole; email?: string },
): Promise<StaffBearer> {
  const member = await addStaff(t.db, email, role, t.clock.now());
  if (member === 'last-admin') throw new Error(`${email} is the desk's only admin: it cannot become ${role}`);
  const session = await startStaffSession(t.db, member.id, t.clock.now());
  return { token: session.token, staffId: member.id, email: member.email };
}
