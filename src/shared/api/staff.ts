import * as v from 'valibot';
import * as m from '../field-messages.ts';
import { codeField, emailField } from './fields.ts';

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

export const staffRoleField = v.pipe(
  v.optional(v.string(m.staffRoleRequired), ''),
  v.picklist(staffRoles, m.staffRoleRequired),
);

/** An admin's invitation from the desk's 'Equipo' screen, and the CLI's `add`. */
export const staffInviteSchema = v.object({ email: emailField, role: staffRoleField });
export type StaffInviteInput = v.InferOutput<typeof staffInviteSchema>;

/** A staff member as the desk shows them. */
export type StaffMember = { id: string; email: string; role: StaffRole; onCall: boolean };

/** 'Es mi primera vez': the address asks for the code that enrols its first passkey. */
export const staffCodeSchema = v.object({ email: emailField });

/** The address and its code, for the options of the first passkey's enrolment. */
export const staffEnrolOptionsSchema = v.object({ email: emailField, code: codeField });

/**
 * A browser's answer to a passkey ceremony (@simplewebauthn/browser's JSON), loosely checked
 * here: @simplewebauthn/server checks every part of it.
 */
function isCeremonyAnswer(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const answer = value as Record<string, unknown>;
  const response = answer.response as Record<string, unknown> | null | undefined;
  return (
    typeof answer.id === 'string' &&
    answer.id !== '' &&
    answer.id.length <= 1024 &&
    typeof answer.rawId === 'string' &&
    answer.type === 'public-key' &&
    typeof response === 'object' &&
    response !== null &&
    typeof response.clientDataJSON === 'string'
  );
}

const ticketField = v.pipe(v.optional(v.string(m.ceremonyTicketInvalid), ''), v.uuid(m.ceremonyTicketInvalid));
const answerField = v.pipe(v.optional(v.unknown(), null), v.check(isCeremonyAnswer, m.passkeyUnreadable));

export const staffCeremonySchema = v.object({ ticket: ticketField, answer: answerField });
export type StaffCeremonyInput = v.InferOutput<typeof staffCeremonySchema>;

/** What enrolment and sign-in answer: the desk token and who it belongs to. */
export type StaffSignedIn = { token: string; expiresAt: string; staff: StaffMember };

/** 'De guardia': PATCH /api/desk/me. */
export const staffOnCallSchema = v.object({
  onCall: v.pipe(
    v.optional(v.unknown()),
    v.check((value) => typeof value === 'boolean', m.onCallRequired),
    v.transform((value) => value === true),
  ),
});

/** GET /api/desk/me. */
export type StaffMe = StaffMember & { roles: string[]; permissions: Permission[]; firmName: string };
