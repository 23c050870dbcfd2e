// What the person reads when an action needs the PIN because their alert (or check-in) is on.

export const PIN_GUARD_TITLE = 'Escribe tu PIN para continuar';
export const PIN_GUARD_HINT = 'Tu alerta está activa: para esto hace falta tu PIN.';
/** The action was not done: the person closed the PIN question. */
export const PIN_GUARD_CANCELLED = 'No se hizo nada: mientras tu alerta está activa, esto necesita tu PIN.';
