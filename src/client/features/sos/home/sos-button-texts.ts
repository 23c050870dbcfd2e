// The SOS button's words, shared by the button and the early home of index.html
// (routes/web/-components/home/early-home-markup.ts), which must show the very same button before the app runs.

/** The spoken name holds the words on the button (WCAG 2.5.3: voice control users say what they see). */
export const SOS_BUTTON_NAME = 'SOS: avisar a mis contactos';
export const SOS_SENDING_NAME = 'SOS: enviando…';
export const SOS_BUTTON_LABEL = 'SOS';
export const SOS_BUTTON_HINT = 'Avisar a mis contactos';
export const SOS_SENDING_HINT = 'Enviando…';
