/**
 * What staff read when an alert waits at the desk with nobody attending it:
 * the e-mail and the phone notification say the same, in Spanish, and name no
 * client (an inbox and a lock screen are not behind a passkey).
 */
export function deskEscalationTexts(firmName: string, minutes: number) {
  const wait = minutes === 1 ? '1 minuto' : `${minutes} minutos`;
  return {
    title: `Alerta sin atender desde hace ${wait}`,
    body: `Un cliente de ${firmName} presionó SOS hace ${wait} y nadie de la mesa la está atendiendo.`,
    onCall: 'Te avisamos porque estás de guardia (o porque nadie está de guardia ahora).',
    admins: 'Te avisamos porque eres administrador: el equipo de guardia todavía no la tomó.',
    howTo: 'Abre la mesa y pulsa «Atender» para que el resto del equipo sepa que la tienes.',
    open: 'Atender',
  };
}
