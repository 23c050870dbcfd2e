// The offline banner's words, shared by the banner and the early home of index.html (routes/web/-components/home/early-home-markup.ts).

export const OFFLINE_SOS_STILL_WORKS =
  'Sin conexión. El botón SOS sigue funcionando: tu alerta se enviará en cuanto haya señal.';
/** Signed out (sign-in, a contact's e-mail link) there is no SOS button to promise. */
export const OFFLINE_NEEDS_SIGNAL = 'Sin conexión. Necesitas señal para continuar.';
export const CONNECTION_STATUS_NAME = 'Estado de la conexión';
