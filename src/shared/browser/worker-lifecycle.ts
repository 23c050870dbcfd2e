// Page -> worker: the person pressed 'Actualizar', so the waiting worker may take
// over (STYLE.md 13). The only lifecycle message; an update never activates itself.
export const SKIP_WAITING = 'SKIP_WAITING';

export type SkipWaitingMessage = { type: typeof SKIP_WAITING };
