import type { OpenSession } from '#shared/api/sessions.ts';
import './open-sessions.css';
import { showToast } from '#client/ui/toast-store.ts';
import { useOpenSessions } from '#client/api/sessions.ts';
import { useRevokeOtherSessionsMutation } from '#client/api/sessions.ts';

const moment = new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => moment.format(new Date(iso));

const closedText = (revoked: number) =>
  revoked === 0
    ? 'No había otras sesiones abiertas.'
    : revoked === 1
      ? 'Cerramos 1 sesión.'
      : `Cerramos ${revoked} sesiones.`;

/**
 * Every device signed in to the account, so that a phone taken from its owner
 * can be shut out from another one: 'Cerrar las demás sesiones' ends them all
 * at once, this one excepted.
 */
export function OpenSessions() {
  const sessions = useOpenSessions();
  const revoke = useRevokeOtherSessionsMutation();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;
  return (
    <section className="open-sessions" aria-labelledby="open-sessions-title">
      <h2 id="open-sessions-title">Sesiones abiertas</h2>
      <p className="muted">
        Los teléfonos y navegadores donde entraste con tu correo. Si no reconoces alguno, ciérralos todos desde aquí.
      </p>
      {sessions.data ? (
        <ul className="open-sessions__list">
          {sessions.data.map((session) => (
            <SessionItem key={session.id} session={session} />
          ))}
        </ul>
      ) : sessions.isError ? (
        <p>No pudimos cargar tus sesiones. Revisa tu conexión e inténtalo de nuevo.</p>
      ) : (
        <p className="muted" role="status">
          Cargando sesiones…
        </p>
      )}
      {others > 0 && (
        <button
          type="button"
          className="button button--danger"
          disabled={revoke.isPending}
          onClick={() =>
            revoke.mutate(undefined, {
              onSuccess: ({ revoked }) => showToast({ message: closedText(revoked) }),
              onError: (error) => showToast({ message: error.message, variant: 'danger' }),
            })
          }
        >
          {revoke.isPending ? 'Cerrando…' : 'Cerrar las demás sesiones'}
        </button>
      )}
    </section>
  );
}

function SessionItem({ session }: { session: OpenSession }) {
  return (
    <li className="open-sessions__item">
      <strong>{session.device}</strong>
      {session.current && <span className="open-sessions__current"> Esta sesión</span>}
      <br />
      <span className="muted">
        Inició: {when(session.started_at)}. Último uso: {when(session.last_used_at)}.
      </span>
    </li>
  );
}
