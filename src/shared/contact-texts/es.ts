import { spanishDeliveryTexts } from '../delivery-texts.ts';
import { HTML_LANG } from '../language.ts';
import { zonePlaceEs } from '../zone-place.ts';

// Everything a contact reads (their e-mails and the pages their links open), in
// Spanish. en.ts, pt.ts and ht.ts must give every key (ContactTexts), so a
// missing text fails the type check. Arguments are already one-line names,
// numbers and formatted moments; the HTML templates escape what comes out.
// docs/contact-languages.md fixes the key terms of each language.

export const es = {
  /** Intl locale for dates and times. */
  locale: 'es',
  /** `<html lang>` of the e-mails and pages, and the e-mails' Content-Language. */
  htmlLang: HTML_LANG.es,
  /** Day and month names when the Intl locale has none of this language (Haitian Creole); null: Intl's own. */
  calendar: null as CalendarNames | null,

  // Time and place, in every alert e-mail and on the 'Lo tengo' page.
  zoneSuffix: (zone: string) => `(hora de ${zonePlaceEs(zone)})`,
  universalTime: '(hora universal)',
  when: (moment: string) => `Cuándo: ${moment}`,
  receivedLate: (moment: string) =>
    `El teléfono no tenía conexión: la alerta llegó a nuestro servidor más tarde, ${moment}.`,
  whereLabel: 'Dónde:',
  positionUnavailable: 'ubicación no disponible (el teléfono no pudo compartirla)',
  coordinates: (latitude: string, longitude: string) => `latitud ${latitude}, longitud ${longitude}`,
  mapLabel: 'Mapa:',
  seeOnMap: 'Ver en el mapa',

  // Every e-mail to a contact about an alert.
  greeting: (name: string) => `Hola, ${name}:`,
  footerWhy: (who: string, app: string) =>
    `Recibes este correo porque aceptaste ser contacto de emergencia de ${who} en ${app}.`,
  footerUnsubscribeText: (who: string) => `Para no recibir más correos de ${who}:`,
  unsubscribeLink: (who: string) => `No quiero recibir más correos de ${who}`,
  ackText: (who: string) => `Avisa a ${who} que recibiste su alerta: abre este enlace y presiona «Lo tengo».`,
  ackHtml: (who: string) => `Avisa a ${who} que recibiste su alerta:`,
  ackButton: 'Lo tengo',

  // The alert.
  startedSubject: (who: string) => `ALERTA SOS: ${who} está en riesgo`,
  startedLead: (who: string, app: string) => `${who} presionó el botón SOS de ${app} para avisarte que está en riesgo.`,
  startedLeadHtml: 'presionó el botón SOS para avisarte que está en riesgo.',
  whatToDo: 'Qué hacer:',
  todoCall: (who: string, phone: string) => `Llama ahora a ${who} al ${phone}.`,
  todoFamily:
    'Si no contesta, avisa a su familia y a su abogado o a la organización que lleva su caso, y comparte su ubicación.',
  todoKeep: 'Guarda este correo: tiene la hora y el lugar de la alerta.',

  // Its first position, when it went out without one.
  positionSubject: (who: string) => `ALERTA SOS: ubicación de ${who}`,
  positionLead: (who: string) =>
    `La alerta SOS de ${who} salió sin ubicación. Esta es la primera ubicación que su teléfono pudo compartir:`,

  // Its end.
  endedSubject: (who: string) => `${who} finalizó su alerta SOS`,
  endedLead: (who: string) => `${who} finalizó su alerta SOS desde la aplicación.`,
  // Not 'Quién recibió la alerta:' over lines that each say 'Recibida por …' again.
  whoReceived: 'Cómo le llegó la alerta a cada contacto:',
  nobodyAcknowledged: 'Nadie confirmó haber recibido la alerta.',
  endedQuestions: (who: string, phone: string) => `Si tienes dudas, llama a ${who} al ${phone}.`,
  ...spanishDeliveryTexts,

  // Reminders while nobody has acknowledged.
  reminderSubject: (who: string) => `Recordatorio: ${who} sigue en riesgo y nadie ha confirmado su alerta SOS`,
  reminderLead: (minutes: number, who: string) =>
    `Hace ${minutes} minutos ${who} presionó el botón SOS y todavía nadie confirmó que recibió la alerta.`,
  reminderLeadMissed: (minutes: number, who: string) =>
    `Hace ${minutes} minutos ${who} no confirmó a tiempo que estaba bien y la aplicación envió la alerta; todavía nadie confirmó que la recibió.`,
  reminderTodo: (who: string, phone: string) =>
    `Llama ahora a ${who} al ${phone}. Si no contesta, avisa a su familia y a su abogado o a la organización que lleva su caso.`,

  // A practice.
  practiceSubject: (who: string) => `PRUEBA: alerta de prueba de ${who} (no es una emergencia)`,
  practiceNotice: (who: string) => `PRUEBA: esto es solo una prueba. ${who} no está en riesgo.`,
  practiceAbout: (who: string, app: string) =>
    `${who} está probando ${app} para comprobar que sus alertas te llegan. Si algún día fuera una emergencia real, el correo diría «ALERTA SOS» en el asunto.`,

  // The invitation.
  invitationSubject: (who: string) => `${who} te agregó como contacto de emergencia`,
  invitationLead: (who: string, app: string) =>
    `${who} te agregó como contacto de emergencia en ${app}, una aplicación de seguridad personal para personas inmigrantes.`,
  invitationIfYouAccept: (who: string) =>
    `Si aceptas, cada vez que ${who} presione el botón SOS te enviaremos un correo con su ubicación (cuando esté disponible) y la hora de la alerta, para que puedas ayudar.`,
  invitationHowText: 'Para aceptar, abre este enlace, lee los términos y condiciones y presiona «Aceptar»:',
  invitationHowHtml: 'Para aceptar, abre el enlace, lee los términos y condiciones y presiona «Aceptar».',
  invitationButton: 'Ver la invitación',
  invitationExpiry: (days: number) =>
    `El enlace sirve una sola vez y vence en ${days} días. Si no conoces a esta persona o no quieres ser su contacto, ignora este correo: sin tu aceptación no recibirás sus alertas.`,
  invitationUnsubscribe: (who: string) => `Si no quieres recibir más correos de ${who}, abre este enlace:`,

  // The pages a contact's links open.
  switchLabel: 'Idioma',
  sending: 'Enviando…',
  confirmTitle: 'Confirmar contacto',
  confirmHeading: 'Confirma que eres contacto de emergencia',
  // `who`: the person who added the contact, by name; null only while the page cannot ask for it (offline).
  confirmIntro: (who: string | null) =>
    `${who ?? 'Alguien'} te agregó como su contacto de emergencia. Lee y acepta estos términos para recibir sus alertas por correo.`,
  termsTitle: 'Términos y condiciones',
  termsAccept: 'Aceptar',
  // For everyone who accepts, whoever they are: not the masculine '¡Bienvenido!'.
  acceptTitle: 'Te damos la bienvenida',
  acceptHeading: '¡Te damos la bienvenida!',
  acceptJoined: (who: string | null) =>
    `Aceptaste los términos y condiciones, y ahora formas parte de los contactos de emergencia de ${who ?? 'la persona que te agregó'}.`,
  acceptWhat: (who: string | null) =>
    `Si ${who ?? 'esa persona'} presiona el botón SOS, te avisaremos por correo con la hora y, si la comparte, su ubicación.`,
  alreadyAcceptedHeading: 'Ya aceptaste esta invitación',
  alreadyAccepted: (who: string) =>
    `Ya formas parte de los contactos de emergencia de ${who}. No tienes que hacer nada más: si presiona el botón SOS, te avisaremos por correo.`,
  acceptClose: 'Ya puedes cerrar esta página.',
  invalidTitle: 'Token Inválido',
  invalidText: 'Lo sentimos, el enlace que usaste no es válido o ya expiró.',
  unsubscribeTitle: 'Baja de correos',
  unsubscribeHeading: 'Dejar de recibir correos',
  unsubscribeWhy: (app: string, who: string | null) =>
    `Recibes este enlace porque ${who ?? 'alguien'} te agregó como su contacto de emergencia en ${app}. Si te das de baja, ya no recibirás más correos de ${who ?? 'esa persona'}, tampoco sus alertas.`,
  unsubscribeOthers: 'Si otras personas te agregaron como contacto, seguirás recibiendo sus correos.',
  unsubscribeButton: 'Darme de baja',
  unsubscribedHeading: 'Baja confirmada',
  unsubscribedText: 'Ya no recibirás más correos de esta persona.',
  ackTitle: 'Lo tengo',
  ackLoading: 'Cargando la alerta…',
  ackLoadFailed: 'No pudimos cargar la alerta',
  tryAgain: 'Intentar de nuevo',
  ackPracticeHeading: (who: string) => `Alerta de prueba de ${who}`,
  ackHeading: (who: string) => `${who} necesita ayuda`,
  /** Above missedLead on the 'Lo tengo' page of an alert the server started by itself. */
  ackMissedCheckIn: 'Nadie presionó el botón: la aplicación envió esta alerta por sí sola.',
  factWho: 'Quién',
  factWhen: 'Cuándo',
  factWhere: 'Dónde',
  ackDone: (who: string, time: string) => `Listo: ${who} ya sabe que recibiste su alerta (${time}).`,
  ackDoneForced: (who: string, time: string) => `Listo: quedó registrado que recibiste la alerta de ${who} (${time}).`,
  ackEnded: (who: string) => `${who} ya finalizó esta alerta.`,
  /** Above the page of the alert that took over from the link's own (docs/decisions/047). */
  ackReplaced: (who: string) =>
    `Después de la alerta de este enlace llegó una alerta nueva de ${who}. Aquí ves la más reciente.`,
  /** The firm that offers the app took the alert at its desk. */
  firmAttending: (firm: string) => `${firm} está atendiendo esta alerta.`,
  ackPressPractice: (who: string) => `Presiona «Lo tengo» para que ${who} vea que sus alertas te llegan.`,
  ackPress: (who: string) =>
    `Presiona «Lo tengo» para que ${who} sepa que recibiste su alerta y que vas a ayudar. Después, llámale.`,
  /**
   * On an alert the contacts were told may be forced: no call, and no promise that the person sees
   * the answer (their phone shows no alert).
   */
  ackPressForced: (who: string) =>
    `Presiona «Lo tengo» para dejar constancia de que recibiste la alerta de ${who} y de que vas a ayudar.`,
  // A check-in the person did not close in time ('Avísales si no vuelvo'): the server started the alert.
  checkInPurpose: (purpose: string) =>
    (
      ({
        'cita-inmigracion': 'su cita de inmigración',
        audiencia: 'su audiencia en la corte',
        trabajo: 'su trabajo',
        viaje: 'su viaje',
        otro: 'su salida',
      }) as Record<string, string | undefined>
    )[purpose] ?? 'su salida',
  missedSubject: (who: string) => `ALERTA: ${who} no confirmó que está bien`,
  missedLead: (who: string, purpose: string, place: string, time: string) =>
    `${who} no confirmó que está bien después de ${purpose}${place ? ` en ${place}` : ''}, prevista hasta las ${time}.`,
  missedLastPosition: 'Última ubicación que envió su teléfono mientras el aviso estaba en curso:',
  missedAddedSubject: (who: string) => `ALERTA: ${who} tampoco confirmó que está bien`,
  missedAddedNote: 'Su alerta SOS sigue activa.',
  safeLead: (who: string) => `${who} confirmó que está bien. La alerta terminó.`,
  safeSubject: (who: string) => `${who} está bien: su alerta terminó`,

  // The duress PIN: the person's phone shows the alert ended (or the check-in closed), the contacts learn the truth.
  duressSubject: (who: string) => `ALERTA: es posible que hayan obligado a ${who} a finalizar su alerta`,
  duressLead: (who: string) =>
    `${who} finalizó su alerta SOS en la aplicación, pero es posible que le hayan obligado a hacerlo.`,
  duressStillActive: 'La alerta sigue activa: actúa como si no hubiera terminado.',
  // Whoever forced the end may hold the phone: a call or a message could put the person, or the contact, at risk.
  duressTodo: (who: string) =>
    `No llames ni escribas a ${who}: otra persona puede tener su teléfono, y una llamada podría ponerle en peligro. Avisa a su familia y a su abogado o a la organización que lleva su caso, y comparte con ellos su ubicación.`,
  /** The check-in closed or extended with the duress PIN: the duress e-mail's subject when it was 'Estoy bien'. */
  checkInForcedSubject: (who: string) => `ALERTA: es posible que hayan obligado a ${who} a cerrar o alargar su aviso`,
  checkInForced: (who: string) =>
    `${who} cerró o alargó el aviso en la aplicación, pero es posible que le hayan obligado a hacerlo. La alerta sigue activa.`,

  // The account's deletion, asked for during an alert that never ended for real: the last e-mail.
  deletionSubject: (who: string) => `${who} pidió borrar su cuenta durante una alerta que nunca terminó`,
  deletionLead: (who: string, when: string, days: number) =>
    `${who} pidió borrar su cuenta el ${when}, mientras su alerta seguía activa. Esperamos ${days} días y la alerta nunca se terminó con su PIN.`,
  deletionDone:
    'Hoy borramos la cuenta, como se pidió. La página de la alerta ya no abre y no recibirás más correos de esta cuenta.',
  // The request may have been forced, like a duress end: no call.
  deletionTodo: (who: string) =>
    `Si no sabes de ${who}, no le llames ni le escribas a su teléfono: otra persona podría tenerlo. Avisa a su familia y a su abogado o a la organización que lleva su caso.`,

  // What the contact can do if the person was detained: in every alert e-mail. With the
  // packet, what ICE's Online Detainee Locator asks for comes first, ready to type.
  stepsHeading: 'Si crees que hubo una detención:',
  locatorAsks: (who: string) => `Lo que pide el localizador de detenidos de ICE para encontrar a ${who}:`,
  locatorByNumber: (aNumber: string, country: string) => `Número A: ${aNumber} — país de nacimiento: ${country}`,
  locatorByName: (name: string, country: string) => `O su nombre exacto: ${name} — país de nacimiento: ${country}`,
  unknownValue: '(no lo dejó escrito)',
  /** A country from the person's list: its name for the reader, then the one to pick in the locator's English list. */
  locatorCountry: (name: string, locatorName: string) =>
    `${name} (en la lista del localizador, que está en inglés, elige «${locatorName}»)`,
  stepOpenLocator:
    'Abre el localizador de detenidos de ICE (Online Detainee Locator System, en inglés): https://locator.ice.gov',
  stepSearchNumber: (aNumber: string) =>
    aNumber
      ? `Elige «Search by A-Number», escribe ${aNumber} y elige su país de nacimiento en la lista.`
      : 'Si tienes su número A, elige «Search by A-Number»: escribe solo los 9 números, sin la A (si tiene 8, agrega un 0 al principio), y elige su país de nacimiento.',
  stepSearchName:
    'Si no aparece, o no tienes el número: elige «Search by Biographical Information» y escribe su nombre y su apellido exactamente como en sus documentos, y su país de nacimiento.',
  stepConsulate: (phone: string) => (phone ? `Llama a su consulado al ${phone}.` : 'Llama al consulado de su país.'),
  stepLawyer: (name: string, phone: string) =>
    phone
      ? `Llama a su abogado${name ? `, ${name},` : ''} al ${phone}.`
      : 'Llama a su abogado o a una organización de ayuda legal para inmigrantes.',
  g28Filed: (who: string) =>
    `Un abogado ya presentó el formulario que le permite representar a ${who} ante inmigración (G-28).`,
  g28NotFiled: (who: string) =>
    `Ningún abogado ha presentado todavía el formulario que le permite representar a ${who} ante inmigración (G-28).`,

  // 'Si me detienen': only for the contacts the person chose, only in alert e-mails.
  packetHeading: (who: string) => `Más información que ${who} dejó para ti en caso de detención:`,
  packetSample: (who: string) =>
    `Esto es una muestra: en una alerta real verías aquí la información que ${who} guardó para ti. Los datos de abajo no son reales.`,
  packetLabel: (field: string) =>
    (
      ({
        birth_date: 'Fecha de nacimiento',
        children_pickup: 'Quién recoge a los niños',
        children_contact: 'Cómo comunicarse con esa persona',
        documents_location: 'Dónde están los documentos',
        medicines: 'Medicinas',
      }) as Record<string, string | undefined>
    )[field] ?? field,
  // A practice's sample packet: clearly nobody's data, in the reader's words (a name, a country, a place).
  samplePacket: {
    legal_name: 'Nombre Apellido Ejemplo',
    birth_country: 'País de ejemplo',
    lawyer_name: 'Abogada de ejemplo',
    children_pickup: 'Persona de ejemplo',
    documents_location: 'Lugar de ejemplo',
    medicines: 'Ninguna (ejemplo)',
  },

  // What a contact's page says when a call to the server fails (no signal, a busy server, too many tries).
  requestFailed: 'No pudimos comunicarnos con el servidor. Revisa tu conexión e inténtalo de nuevo.',
  tooManyTries: 'Demasiados intentos desde esta conexión. Espera un momento e inténtalo de nuevo.',
  closeNotice: 'Cerrar aviso',
  connectionStatus: 'Estado de la conexión',
  offlineNeedsSignal: 'Sin conexión. Necesitas señal para continuar.',
};

/** Names for a language Intl cannot spell: Sunday first, January first. */
export type CalendarNames = { weekdays: readonly string[]; months: readonly string[] };

/** The shape every language's catalogue has: the same keys, texts and functions of the same arguments. */
export type ContactTexts = { [K in keyof typeof es]: (typeof es)[K] extends string ? string : (typeof es)[K] };
