// What the contact reads about phone notifications: the control on the accept
// and 'Lo tengo' pages, and the notifications themselves. One object per
// language, of one type, so a missing text fails the type check. Spanish is
// the default.

import type { Language } from './language.ts';

export type PushTexts = {
  heading: string;
  intro: string;
  turnOn: string;
  turningOn: string;
  turnOff: string;
  turningOff: string;
  on: string;
  off: string;
  denied: string;
  unsupported: string;
  iosAddToHome: string;
  failed: string;
  linkGone: string;
  /** The notification of an alert that started, of its first position, of its end. */
  startedTitle: (name: string) => string;
  startedBody: (name: string, phone: string) => string;
  /** The alert the server started because a check-in was not closed in time. */
  missedTitle: (name: string) => string;
  missedBody: (name: string, phone: string) => string;
  positionTitle: (name: string) => string;
  positionBody: (name: string) => string;
  endedTitle: (name: string) => string;
  endedBody: (name: string) => string;
  /** The person ended the alert with the duress PIN: for the contacts it goes on. */
  duressTitle: (name: string) => string;
  duressBody: (name: string, phone: string) => string;
  ackAction: string;
  /** Shown after 'Lo tengo' was pressed on the notification itself. */
  ackDoneTitle: string;
  ackDoneBody: (name: string) => string;
  ackEndedBody: (name: string) => string;
  /** A message the phone could not read: still a notification, to the app. */
  fallbackTitle: string;
  fallbackBody: string;
};

export const es: PushTexts = {
  heading: 'Avisos en este teléfono',
  intro: 'Además del correo, recibe un aviso en este teléfono en cuanto esta persona presione el botón SOS.',
  turnOn: 'Activar avisos en este teléfono',
  turningOn: 'Activando…',
  turnOff: 'Desactivar avisos',
  turningOff: 'Desactivando…',
  on: 'Avisos activados en este teléfono. Te seguiremos escribiendo por correo también.',
  off: 'Los avisos están desactivados en este teléfono. Te seguiremos avisando por correo.',
  denied:
    'Este navegador tiene bloqueados los avisos de esta página. Para activarlos, permite las notificaciones de este sitio en los ajustes del navegador y vuelve aquí.',
  unsupported: 'Este navegador no puede mostrar avisos. Te seguiremos avisando por correo.',
  iosAddToHome:
    'En iPhone los avisos solo funcionan desde la pantalla de inicio: toca Compartir, elige «Agregar a inicio», abre la app desde allí y vuelve a esta página.',
  failed: 'No pudimos activar los avisos. Revisa tu conexión e inténtalo de nuevo.',
  linkGone: 'Este enlace ya no sirve para activar avisos. Te seguiremos avisando por correo.',
  startedTitle: (name) => `ALERTA SOS: ${name} está en riesgo`,
  startedBody: (name, phone) => `${name} presionó el botón SOS. Abre el aviso para ver cuándo y dónde, y llámale al ${phone}.`,
  missedTitle: (name) => `ALERTA: ${name} no confirmó que está bien`,
  missedBody: (name, phone) => `${name} no confirmó que está bien a la hora que dijo. Abre el aviso para ver los detalles, y llámale al ${phone}.`,
  positionTitle: (name) => `ALERTA SOS: ubicación de ${name}`,
  positionBody: (name) => `Ya sabemos dónde está ${name}. Abre el aviso para verlo.`,
  endedTitle: (name) => `${name} finalizó su alerta SOS`,
  endedBody: (name) => `${name} finalizó la alerta. Gracias por estar pendiente.`,
  duressTitle: (name) => `ALERTA: es posible que hayan obligado a ${name} a finalizar su alerta`,
  duressBody: (name) => `La alerta sigue activa. No des por hecho que ${name} está a salvo, y no le llames: otra persona puede tener su teléfono. Abre el aviso.`,
  ackAction: 'Lo tengo',
  ackDoneTitle: 'Listo',
  ackDoneBody: (name) => `${name} ya sabe que recibiste su alerta. Ahora, llámale.`,
  ackEndedBody: (name) => `${name} ya finalizó esta alerta.`,
  fallbackTitle: 'Botón de Pánico Migratorio',
  fallbackBody: 'Recibiste una alerta. Abre la app o revisa tu correo para ver quién, cuándo y dónde.',
};

export const en: PushTexts = {
  heading: 'Notifications on this phone',
  intro: 'Besides the email, get a notification on this phone the moment this person presses the SOS button.',
  turnOn: 'Turn on notifications on this phone',
  turningOn: 'Turning on…',
  turnOff: 'Turn off notifications',
  turningOff: 'Turning off…',
  on: "Notifications are on for this phone. We'll keep emailing you too.",
  off: "Notifications are off on this phone. We'll still email you.",
  denied: "This browser is blocking notifications from this page. To turn them on, allow notifications for this site in your browser's settings, then come back here.",
  unsupported: "This browser can't show notifications. We'll still email you.",
  iosAddToHome: 'On iPhone, notifications only work from the Home Screen: tap Share, choose "Add to Home Screen", open the app from there and come back to this page.',
  failed: "We couldn't turn on notifications. Check your connection and try again.",
  linkGone: "This link can no longer turn on notifications. We'll still email you.",
  startedTitle: (name) => `SOS ALERT: ${name} is in danger`,
  startedBody: (name, phone) => `${name} pressed the SOS button. Open this to see when and where, and call them at ${phone}.`,
  missedTitle: (name) => `ALERT: ${name} did not check in as safe`,
  missedBody: (name, phone) => `${name} did not confirm they are safe by the time they set. Open this for the details, and call them at ${phone}.`,
  positionTitle: (name) => `SOS ALERT: ${name}'s location`,
  positionBody: (name) => `We now know where ${name} is. Open this to see it.`,
  endedTitle: (name) => `${name} ended their SOS alert`,
  endedBody: (name) => `${name} ended the alert. Thank you for being there.`,
  duressTitle: (name) => `ALERT: ${name} may have been forced to end their alert`,
  duressBody: (name) => `The alert is still on. Do not assume ${name} is safe, and do not call them: someone else may have their phone. Open this.`,
  ackAction: 'Got it',
  ackDoneTitle: 'Done',
  ackDoneBody: (name) => `${name} now knows you got their alert. Call them now.`,
  ackEndedBody: (name) => `${name} has already ended this alert.`,
  fallbackTitle: 'Migrant Panic Button',
  fallbackBody: 'You got an alert. Open the app or check your email to see who, when and where.',
};

/** The texts of a contact's language. */
export function pushTexts(language: Language): PushTexts {
  return language === 'en' ? en : es;
}
