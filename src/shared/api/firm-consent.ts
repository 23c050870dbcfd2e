import * as v from 'valibot';

/**
 * PUT profile/firm-consent: 'Compartir mis alertas con {FIRM_NAME}'. Off until the person turns it
 * on; turning it off while an alert or a check-in is on asks for the PIN (seized-phone rules).
 * The reply is the profile (src/shared/api/profile.ts).
 */
export const firmConsentSchema = v.object({
  share: v.boolean('Elige sí o no.'),
  /** The firm also gets the 'Si me detienen' information inside an alert; absent: unchanged. Off whenever `share` is. */
  detention_info: v.optional(v.boolean('Elige sí o no.')),
});
export type FirmConsentInput = v.InferOutput<typeof firmConsentSchema>;

/** What the person reads beside the switch and in the one offer after signup. */
export const firmConsentTexts = {
  switchLabel: (firm: string) => `Compartir mis alertas con ${firm}`,
  explanation: (firm: string) =>
    `Si lo activas, cuando tengas una alerta activa el equipo de ${firm} verá tu nombre, tu teléfono, ` +
    'la hora de la alerta y dónde estás mientras la alerta siga activa. Tu información «Si me detienen» ' +
    `solo la verá si eliges a ${firm} para recibirla, como a un contacto. Fuera de una alerta no ve nada.`,
  detentionLabel: (firm: string) => `Enviar a ${firm} mi información «Si me detienen» cuando haya una alerta`,
  offerTitle: (firm: string) => `¿Quieres que ${firm} vea tus alertas?`,
  offerYes: 'Sí, compartir',
  offerNo: 'Ahora no',
  savedOn: (firm: string) => `${firm} verá tus alertas.`,
  savedOff: (firm: string) => `${firm} ya no verá tus alertas.`,
} as const;
