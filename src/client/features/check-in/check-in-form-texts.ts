// What the form that sets a check-in says: what happens, its errors, its result. Apart from
// check-in-texts.ts, which home's first download carries for its card and the running check-in:
// the form's words are only downloaded with the form.

export const WHAT_HAPPENS =
  'Si no confirmas que estás bien antes de esa hora (más 5 minutos), avisaremos a tus contactos como si hubieras presionado SOS.';
export const NEEDS_SIGNAL =
  'Necesitas señal para crear el aviso y para cerrarlo. Sin señal lo guardamos y lo enviamos en cuanto vuelva la conexión.';

export const PURPOSE_REQUIRED = 'Elige para qué sales.';
export const DUE_REQUIRED = 'Elige a qué hora volverás.';

// Not 'A una hora', which reads as 'in one hour': the choice of a clock time.
export const AT_CHOSEN_TIME = 'A la hora que elijas';
