import type { StaffIdentity, StaffTokenCheck } from '#server/staff/staff-sessions.ts';

/** The Hono environment of every router: what middleware leaves for handlers. */
export type AppEnv = {
  Variables: {
    /** Set by the bearer middleware. */
    auth: { userId: string; sessionId: string; familyId: string };
    /** Set on /api/desk/* by the desk gate (src/server/staff/require-staff.ts). */
    staffCheck: (token: string) => Promise<StaffTokenCheck>;
    /** Set by requireStaff. */
    staff: StaffIdentity;
    staffSessionId: string;
  };
};
