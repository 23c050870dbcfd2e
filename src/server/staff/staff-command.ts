import * as v from 'valibot';
import { staffInviteSchema } from '#shared/api/staff.ts';
import { emailField } from '#shared/api/fields.ts';
import type { Queryable } from '#server/db/client.ts';
import { addStaff, listStaff, removeStaff } from './staff-members.ts';

/** What the operator reads, and the exit code: 0 done, 1 refused, 2 not understood. */
export type CommandResult = { code: 0 | 1 | 2; out: string };

export const STAFF_USAGE = [
  'Uso:',
  '  npm run staff -- add CORREO --role admin|responder   añade a alguien al equipo del escritorio',
  '  npm run staff -- list                                muestra el equipo',
  '  npm run staff -- remove CORREO                       quita a alguien (sus sesiones y llaves de acceso dejan de valer)',
].join('\n');

const ROLE_NAMES = { admin: 'admin', responder: 'responder' } as const;

function firstIssue(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues[0]?.message ?? 'Datos no válidos.';
}

const onlyAdmin = (email: string): string =>
  `${email} es el único admin del escritorio: sin admin nadie podría manejar el equipo ni leer el registro. Añade antes otro admin con:\n  npm run staff -- add CORREO --role admin`;

/** `roleOf(['--role', 'admin'])` and `--role=admin`. */
function roleArgument(args: string[]): string | undefined {
  const index = args.findIndex((arg) => arg === '--role' || arg.startsWith('--role='));
  if (index < 0) return undefined;
  const arg = args[index]!;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[index + 1];
}

/**
 * The staff CLI (scripts/staff.ts) without the process around it: the same database functions
 * the desk's 'Equipo' screen uses. `deskUrl` is where the new member goes to enrol a passkey.
 */
export async function runStaffCommand(
  db: Queryable,
  args: string[],
  now: Date,
  deskUrl: string,
): Promise<CommandResult> {
  const [command, ...rest] = args;
  if (command === 'list') {
    const team = await listStaff(db);
    if (team.length === 0)
      return {
        code: 0,
        out: 'Todavía no hay nadie en el equipo. Añade el primer admin con:\n  npm run staff -- add CORREO --role admin',
      };
    const lines = team.map(
      (member) => `${member.email}  ${ROLE_NAMES[member.role]}${member.onCall ? '  (de guardia)' : ''}`,
    );
    return { code: 0, out: lines.join('\n') };
  }
  if (command === 'add') {
    const parsed = v.safeParse(staffInviteSchema, {
      email: rest.find((arg) => !arg.startsWith('--') && arg !== roleArgument(rest)) ?? '',
      role: roleArgument(rest) ?? '',
    });
    if (!parsed.success) return { code: 2, out: `${firstIssue(parsed.issues)}\n\n${STAFF_USAGE}` };
    const member = await addStaff(db, parsed.output.email, parsed.output.role, now);
    if (member === 'last-admin') return { code: 1, out: onlyAdmin(parsed.output.email) };
    return {
      code: 0,
      out: `Listo: ${member.email} es ${ROLE_NAMES[member.role]} del escritorio.\nPara entrar, abre ${deskUrl}, escribe el correo y pide el código: con él se registra la llave de acceso.`,
    };
  }
  if (command === 'remove') {
    const parsed = v.safeParse(emailField, rest[0] ?? '');
    if (!parsed.success) return { code: 2, out: `${firstIssue(parsed.issues)}\n\n${STAFF_USAGE}` };
    const removal = await removeStaff(db, parsed.output, now);
    if (removal === 'last-admin') return { code: 1, out: onlyAdmin(parsed.output) };
    return removal === 'removed'
      ? { code: 0, out: `Listo: ${parsed.output} ya no está en el equipo. Sus sesiones se cerraron.` }
      : { code: 1, out: `${parsed.output} no está en el equipo.` };
  }
  return { code: 2, out: STAFF_USAGE };
}
