import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useSyncExternalStore, type ReactNode } from 'react';
import { ApiError } from '#client/lib/api-error.ts';
import {
  deskMeKey,
  deskQueryRoot,
  deskRequest,
  deskToken,
  forgetDeskSession,
  subscribeDeskSession,
} from '#client/lib/desk/desk-session.ts';
import type { StaffMe } from '#shared/api/staff.ts';
import { deskAccessTexts as t } from './desk-access-texts.ts';
import { DeskPhoneSwitch } from './desk-phone-switch.tsx';
import { DeskSwitch } from './desk-switch.tsx';
import { useDeskMe } from './use-desk-me.ts';
import './desk-access.css';

/**
 * The desk's own layout: the firm's name with 'Cerrar sesión', the desk's navigation (the admins'
 * part only for admins), 'De guardia' and 'Recibir avisos en este teléfono', in that order on the
 * screen and for Tab. Without a live desk session it goes to 'Entrar'.
 * `children` is for what the route adds beside the screens (the live stream's hook).
 */
export function DeskLayout({ children }: { children?: ReactNode }) {
  const me = useDeskMe();
  const path = useRouterState({ select: (state) => state.location.pathname });
  // Any desk call refused with 401 forgets the token: whatever screen made it, the desk goes to 'Entrar'.
  const hasToken = useSyncExternalStore(subscribeDeskSession, () => deskToken() !== undefined);
  const signedOut = !hasToken || (me.error instanceof ApiError && me.error.status === 401);
  if (signedOut) return <Navigate to="/web/desk/entrar" replace />;
  if (!me.data) {
    return (
      <p className="desk-layout__main" role="status">
        {me.error ? me.error.message : t.loading}
      </p>
    );
  }
  const admin = me.data.permissions.includes('desk:admin');
  const current = (to: string) => (path === to ? ('page' as const) : undefined);
  return (
    <div className="desk-layout">
      <header className="desk-layout__header">
        {/* The sign-out beside the title: on a phone the first alert starts a screen higher. */}
        <div className="desk-layout__top">
          <p className="desk-layout__title">{t.deskTitle(me.data.firmName)}</p>
          <SignOutButton />
        </div>
        <nav className="desk-layout__nav" aria-label={t.nav}>
          <ul>
            <li>
              {/* Exact: the router would otherwise mark it current under every desk address. */}
              <Link to="/web/desk" activeOptions={{ exact: true }} aria-current={current('/web/desk')}>
                {t.navAlerts}
              </Link>
            </li>
            <li>
              <Link to="/web/desk/buscar" aria-current={current('/web/desk/buscar')}>
                {t.navSearch}
              </Link>
            </li>
            {admin && (
              <>
                <li>
                  <Link to="/web/desk/equipo" aria-current={current('/web/desk/equipo')}>
                    {t.navTeam}
                  </Link>
                </li>
                <li>
                  <Link to="/web/desk/registro" aria-current={current('/web/desk/registro')}>
                    {t.navAudit}
                  </Link>
                </li>
              </>
            )}
          </ul>
        </nav>
        <div className="desk-layout__me">
          <OnCallSwitch me={me.data} />
          <DeskPhoneSwitch />
        </div>
      </header>
      <main className="desk-layout__main">
        <Outlet />
      </main>
      {children}
    </div>
  );
}

function OnCallSwitch({ me }: { me: StaffMe }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (onCall: boolean) => deskRequest<string>('PATCH', '/desk/me', { onCall }),
    onSuccess: (_reply, onCall) => queryClient.setQueryData<StaffMe>(deskMeKey, { ...me, onCall }),
  });
  return (
    <DeskSwitch
      label={t.onCall}
      hint={t.onCallHint}
      on={me.onCall}
      note={save.error ? t.onCallFailed : undefined}
      onToggle={(onCall) => save.mutateAsync(onCall)}
    />
  );
}

function SignOutButton() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  async function signOut() {
    // Ended on the server first; forgotten here whatever the answer (offline, already ended).
    await deskRequest('POST', '/desk/signout').catch(() => undefined);
    forgetDeskSession();
    queryClient.removeQueries({ queryKey: [deskQueryRoot] });
    await navigate({ to: '/web/desk/entrar', replace: true });
  }
  return (
    <button type="button" className="desk-layout__signout" onClick={() => void signOut()}>
      {t.signOut}
    </button>
  );
}
