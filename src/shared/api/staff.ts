import * as v from 'valibot';
import { emailField } from './fields.ts';

/** The firm's roles at the desk: a responder attends alerts; an admin also manages the team and reads the audit log. */
export const staffRoles = ['responder', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** What a session may do (SPEC section 3): a person only views; staff reach the desk, admins its admin part too. */
export type Permission = 'view' | 'desk' | 'desk:admin';

export const personRoles: string[] = ['person'];
export const personPermissions: Permission[] = ['view'];

export function staffPermissions(role: StaffRole): Permission[] {
  return role === 'admin' ? ['view', 'desk', 'desk:admin'] : ['view', 'desk'];
}

export const staffRoleField = v.picklist(staffRoles, 'Elige un rol: responder o admin.');

/** An admin's invitation from the desk's 'Equipo' screen, and the CLI's `add`. */
export const staffInviteSchema = v.object({ email: emailField, role: staffRoleField });
export type StaffInviteInput = v.InferOutput<typeof staffInviteSchema>;

/** A staff member as the desk shows them. */
export type StaffMember = { id: string; email: string; role: StaffRole; onCall: boolean };
