// The texts of the worker's own answers to a queued SOS (sos-messages.ts has their
// schema). Apart from the schemas: home's first frame (src/client/home-first-download.ts) sends
// with these, and valibot must not come with them.

/** The `message` of the 202 the worker answers when it queued the request. */
export const SOS_QUEUED_MESSAGE = 'Tu alerta se enviará en cuanto haya conexión.';
/** Body of the 503 the worker answers when it could neither reach the server nor queue the request. */
export const SOS_NOT_QUEUED_MESSAGE = 'No pudimos enviar ni guardar tu alerta. Usa el SMS a tus contactos.';
