export const PINS_TITLE = 'PIN para cerrar avisos y alertas';
export const PIN_LABEL = 'PIN para cerrar';
export const DURESS_LABEL = 'PIN de emergencia (bajo presión)';
export const CURRENT_LABEL = 'PIN actual';
export const PINS_EXPLAIN =
  'Si pones un PIN, la app lo pedirá antes de «Estoy bien» y de FINALIZAR ALERTA, para que nadie más pueda cancelar tu aviso.';
export const DURESS_EXPLAIN =
  'Si alguien te obliga a cancelar, escribe el PIN de emergencia: la pantalla se verá igual que con tu PIN, pero tus contactos seguirán avisados y sabrán que quizá te obligaron. Ningún PIN borra nada.';
export const PINS_ON = 'Tienes PIN. La app lo pide antes de «Estoy bien» y de FINALIZAR ALERTA.';
export const PINS_OFF = 'No tienes PIN.';
export const FORGOT_EXPLAIN = 'Te enviaremos un código a tu correo. Con él se borran tus PIN y puedes poner otros.';
