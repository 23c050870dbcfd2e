/**
 * The steps of the help overlay: SPEC.md section 9's five, then the check-in, the PIN and the
 * detention information; each with our own drawing in public/help/ (served by us, never fetched elsewhere).
 */
export const HELP_STEPS = [
  {
    image: '1-add-contacts.svg',
    alt: 'Un teléfono con el formulario para agregar un contacto y un signo más.',
    caption: 'Agrega a tus contactos de emergencia: personas de confianza que deben saber si estás en peligro.',
  },
  {
    image: '2-contacts-confirm.svg',
    alt: 'Un correo electrónico con una marca verde de confirmación.',
    caption: 'Cada contacto recibe un correo y confirma que acepta recibir tus alertas.',
  },
  {
    image: '3-press-sos.svg',
    alt: 'Un dedo presiona el botón rojo SOS en la pantalla del teléfono.',
    caption: 'Si estás en peligro, presiona el botón SOS.',
  },
  {
    image: '4-contacts-notified.svg',
    alt: 'El teléfono envía la alerta a un correo con un mapa y un reloj, aunque tenga poca señal.',
    caption:
      'Tus contactos reciben un correo con dónde y cuándo pediste ayuda. Si no tienes señal, la alerta se envía sola cuando vuelva.',
  },
  {
    image: '5-end-alert.svg',
    alt: 'Un teléfono con una marca verde y el botón FINALIZAR ALERTA.',
    caption: 'Cuando estés a salvo, presiona FINALIZAR ALERTA para avisarles.',
  },
  {
    image: '6-check-in.svg',
    alt: 'Un reloj en el teléfono con los botones Estoy bien y Más tiempo.',
    caption:
      '¿Vas a una cita con riesgo? En «Avísales si no vuelvo» elige la hora. Si no presionas «Estoy bien» a tiempo, avisamos a tus contactos.',
  },
  {
    image: '7-pin.svg',
    alt: 'Un candado y un PIN de cuatro puntos sobre el botón FINALIZAR.',
    caption:
      'En Perfil pon un PIN: solo tú podrás cancelar un aviso o una alerta. Si alguien te obliga, usa el PIN de emergencia: todo se verá cancelado, pero tus contactos seguirán avisados.',
  },
  {
    image: '8-detention.svg',
    alt: 'Una hoja con tus datos que va hacia una persona de confianza.',
    caption:
      'En Perfil, «Si me detienen» guarda lo que tu familia necesita para encontrarte (tu número A, tu país, tu abogado). Solo lo reciben los contactos que elijas, con tu alerta.',
  },
] as const;
