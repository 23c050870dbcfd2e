// What the person reads when an action needs the PIN because their alert (or check-in) is on.

export const PIN_GUARD_TITLE = 'Escribe tu PIN para continuar';
/** When the server did not say what is on (the guard names it: pinGuardHints). */
export const PIN_GUARD_HINT = 'Para esto hace falta tu PIN.';
/** The action was not done: the person closed the PIN question. */
export const PIN_GUARD_CANCELLED = 'No se hizo nada: esto necesita tu PIN.';
