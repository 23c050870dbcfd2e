// What the sign-in screens say besides their form labels.

export const SIGNIN_TITLE = 'Iniciar sesión';
export const SIGNIN_HINT = 'Escribe tu correo y te enviaremos un código de 4 dígitos.';

/** A session this phone still held was closed from another phone ('Cerrar las demás sesiones'). */
export const SESSION_ENDED_ELSEWHERE =
  'Tu sesión se cerró desde otro teléfono. El botón SOS no funciona hasta que vuelvas a entrar.';
