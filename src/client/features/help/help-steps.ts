/** The five steps of the help overlay (SPEC.md section 9), each with our own drawing in public/help/. */
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
] as const;
