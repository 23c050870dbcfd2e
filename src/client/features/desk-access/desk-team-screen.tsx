import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { staffInviteSchema, type StaffMember, type StaffRole } from '#shared/api/staff.ts';
import { deskQueryRoot, deskRequest } from '#client/lib/desk/desk-session.ts';
import '#client/ui/form-controls.css';
import { PlainSelectField } from '#client/ui/plain-choice-fields.tsx';
import { PlainTextField } from '#client/ui/plain-text-field.tsx';
import { deskAccessTexts as t } from './desk-access-texts.ts';
import { useDeskMe } from './use-desk-me.ts';
import './desk-access.css';

const teamKey = [deskQueryRoot, 'staff'] as const;

/** Nobody else administers the desk: the server refuses to remove the last admin, so the screen says so. */
const onlyAdmin = (team: StaffMember[], member: StaffMember) =>
  !team.some((other) => other.id !== member.id && other.role === 'admin');

/** 'Equipo' (admins): who is on the desk, invite someone with a role, remove someone. */
export function DeskTeamScreen() {
  const me = useDeskMe();
  const admin = me.data?.permissions.includes('desk:admin') ?? false;
  const queryClient = useQueryClient();
  const team = useQuery({
    queryKey: teamKey,
    queryFn: () => deskRequest<StaffMember[]>('GET', '/desk/staff'),
    enabled: admin,
  });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('responder');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [status, setStatus] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();

  const invite = useMutation({
    mutationFn: (input: { email: string; role: StaffRole }) => deskRequest<StaffMember>('POST', '/desk/staff', input),
    onSuccess: (member) => {
      setStatus(t.invited(member.email));
      setEmail('');
      void queryClient.invalidateQueries({ queryKey: teamKey });
    },
    onError: (caught) => setError(caught.message),
  });
  const remove = useMutation({
    mutationFn: (member: StaffMember) => deskRequest<string>('DELETE', `/desk/staff/${member.id}`),
    onSuccess: (_reply, member) => {
      setStatus(t.removed(member.email));
      void queryClient.invalidateQueries({ queryKey: teamKey });
    },
    onError: (caught) => setError(caught.message),
  });

  if (me.data && !admin) return <p>{t.teamAdminsOnly}</p>;

  function onInvite(event: FormEvent) {
    event.preventDefault();
    setStatus(undefined);
    setError(undefined);
    const parsed = v.safeParse(staffInviteSchema, { email, role });
    if (!parsed.success) return setEmailError(t.emailInvalid);
    setEmailError(undefined);
    invite.mutate(parsed.output);
  }

  return (
    <section aria-labelledby="desk-team-title">
      <h1 id="desk-team-title">{t.teamTitle}</h1>
      <p role="status">{status}</p>
      <p role="alert" className="desk-signin__error">
        {error}
      </p>
      <h2>{t.members}</h2>
      {team.data ? (
        <ul className="desk-team__list">
          {team.data.map((member) => (
            <li key={member.id} className="desk-team__member">
              <span>
                {member.email} {member.id === me.data?.id ? t.you : ''}
              </span>
              <span>{t.roleName[member.role]}</span>
              {member.onCall && <span>{t.onCallBadge}</span>}
              {member.id === me.data?.id && member.role === 'admin' && onlyAdmin(team.data, member) && (
                <span>{t.onlyAdmin}</span>
              )}
              {member.id !== me.data?.id && (
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={remove.isPending}
                  onClick={() => {
                    if (window.confirm(t.confirmRemove(member.email))) remove.mutate(member);
                  }}
                >
                  {t.remove(member.email)}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p role="status">{team.error ? team.error.message : t.loading}</p>
      )}
      <h2>{t.inviteTitle}</h2>
      <form className="desk-team__form" onSubmit={onInvite} noValidate>
        <PlainTextField
          id="desk-invite-email"
          label={t.emailLabel}
          type="email"
          autoComplete="off"
          value={email}
          onValueChange={setEmail}
          error={emailError}
        />
        <PlainSelectField
          id="desk-invite-role"
          label={t.roleLabel}
          value={role}
          onValueChange={(value) => setRole(value as StaffRole)}
        >
          <option value="responder">{t.roleResponder}</option>
          <option value="admin">{t.roleAdmin}</option>
        </PlainSelectField>
        <button type="submit" className="button" disabled={invite.isPending}>
          {invite.isPending ? t.inviting : t.invite}
        </button>
      </form>
    </section>
  );
}
