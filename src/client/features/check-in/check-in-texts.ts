// What the person reads about a check-in ('Avísales si no vuelvo'), in one place.

// Home shows the way to a check-in with these two; the check-in screen is titled like the way to it.
export const CHECK_IN_TITLE = 'Avísales si no vuelvo';
// Two lines on a phone: no text under home's SOS button outweighs its instruction (decision 053).
export const CHECK_IN_HINT = 'Si vas a un lugar con riesgo, avisamos a tus contactos si no vuelves a tiempo.';

export const CHECK_IN_CLOSED = 'Gracias. Cerramos tu aviso: no avisaremos a tus contactos.';
export const CHECK_IN_CLOSED_AFTER_FIRE = 'Gracias. Avisaremos a tus contactos que estás bien.';
export const CHECK_IN_EXTENDED = 'Listo. Cambiamos tu hora de regreso.';
/** What a running check-in will do, said on its card (not in a notice above home, which would push the card down). */
export const CHECK_IN_WHAT_IF_LATE = 'Si no confirmas a tiempo, avisaremos a tus contactos.';
export const OK_WAITS_FOR_SIGNAL =
  'Sin conexión: enviaremos tu «Estoy bien» en cuanto haya señal. Hasta entonces, el aviso sigue en curso.';
export const EXTEND_WAITS_FOR_SIGNAL = 'Sin conexión: enviaremos tu nueva hora en cuanto haya señal.';
export const SET_WAITS_FOR_SIGNAL = 'Tu aviso se creará en cuanto haya señal.';
// A call kept until the person signs in again (its session expired), said on the signin screen, as for an SOS.
export const SET_WAITS_FOR_SIGN_IN = 'Tu sesión expiró. Inicia sesión y crearemos tu aviso.';
export const OK_WAITS_FOR_SIGN_IN =
  'Tu sesión expiró. Inicia sesión para enviar tu «Estoy bien». Hasta entonces, el aviso sigue en curso.';
export const EXTEND_WAITS_FOR_SIGN_IN = 'Tu sesión expiró. Inicia sesión para enviar tu nueva hora de regreso.';

/** The reminder's minutes come from the server (remind_at), which reads them from its configuration. */
export const reminderNotice = (minutes: number) =>
  `Faltan menos de ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} para tu hora de regreso. Si estás bien, presiona «Estoy bien» o pide más tiempo.`;
export const OVERDUE_NOTICE =
  'Ya pasó tu hora de regreso: en cualquier momento avisaremos a tus contactos. Si estás bien, presiona «Estoy bien».';
export const FIRED_NOTICE =
  'Avisamos a tus contactos porque no confirmaste a tiempo. Si estás bien, presiona «Estoy bien» y les diremos que estás a salvo.';
