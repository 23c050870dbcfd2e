import { expireSession } from '#client/lib/session/session-expiry.ts';

export const SIGN_IN_FOR_PENDING = 'Inicia sesión para enviar tu alerta pendiente';

/**
 * The server refused the session and no refresh cured it: the pending requests
 * wait, kept, until the person signs in again. The link ends this session
 * first, or sign-in would send a person who still looks signed in back here.
 */
export function NeedsSignIn() {
  return (
    <div className="sos-active__sign-in" role="alert">
      <p>{SIGN_IN_FOR_PENDING}</p>
      <a
        href="/web/auth/signin"
        className="button button--block"
        onClick={(event) => {
          event.preventDefault();
          expireSession();
        }}
      >
        Iniciar sesión
      </a>
    </div>
  );
}
