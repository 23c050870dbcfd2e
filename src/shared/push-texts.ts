// What the contact reads about phone notifications: the control on the accept
// and 'Lo tengo' pages, and the notifications themselves. One object per
// language, of one type, so a missing text fails the type check (and so does a
// language missing from `byLanguage`). Spanish is the default.

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
  /**
   * The check-in ('el aviso') closed or extended with the duress PIN: its alert, or the duress end of the
   * alert it fired ('Estoy bien'). For the contacts the alert goes on, and nobody calls.
   */
  checkInForcedTitle: (name: string) => string;
  checkInForcedBody: (name: string) => string;
  ackAction: string;
  /** Shown after 'Lo tengo' was pressed on the notification itself. */
  ackDoneTitle: string;
  ackDoneBody: (name: string) => string;
  /** After 'Lo tengo' on an alert the contacts were told may be forced: no call, and no promise that the person sees it. */
  ackDoneForcedBody: (name: string) => string;
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
  startedBody: (name, phone) =>
    `${name} presionó el botón SOS. Abre el aviso para ver cuándo y dónde, y llámale al ${phone}.`,
  missedTitle: (name) => `ALERTA: ${name} no confirmó que está bien`,
  missedBody: (name, phone) =>
    `${name} no confirmó que está bien a la hora que dijo. Abre el aviso para ver los detalles, y llámale al ${phone}.`,
  positionTitle: (name) => `ALERTA SOS: ubicación de ${name}`,
  positionBody: (name) => `Ya sabemos dónde está ${name}. Abre el aviso para verlo.`,
  endedTitle: (name) => `${name} finalizó su alerta SOS`,
  endedBody: (name) => `${name} finalizó la alerta. Gracias por estar pendiente.`,
  duressTitle: (name) => `ALERTA: es posible que hayan obligado a ${name} a finalizar su alerta`,
  duressBody: (name) =>
    `La alerta sigue activa. No des por hecho que ${name} está a salvo, y no le llames: otra persona puede tener su teléfono. Abre el aviso.`,
  checkInForcedTitle: (name) => `ALERTA: es posible que hayan obligado a ${name} a cerrar o alargar su aviso`,
  checkInForcedBody: (name) =>
    `La alerta sigue activa. No des por hecho que ${name} está a salvo, y no le llames: otra persona puede tener su teléfono. Toca aquí para ver la alerta.`,
  ackAction: 'Lo tengo',
  ackDoneTitle: 'Listo',
  ackDoneBody: (name) => `${name} ya sabe que recibiste su alerta. Ahora, llámale.`,
  ackDoneForcedBody: (name) =>
    `Quedó registrado que recibiste la alerta de ${name}. No le llames: otra persona puede tener su teléfono.`,
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
  denied:
    "This browser is blocking notifications from this page. To turn them on, allow notifications for this site in your browser's settings, then come back here.",
  unsupported: "This browser can't show notifications. We'll still email you.",
  iosAddToHome:
    'On iPhone, notifications only work from the Home Screen: tap Share, choose "Add to Home Screen", open the app from there and come back to this page.',
  failed: "We couldn't turn on notifications. Check your connection and try again.",
  linkGone: "This link can no longer turn on notifications. We'll still email you.",
  startedTitle: (name) => `SOS ALERT: ${name} is in danger`,
  startedBody: (name, phone) =>
    `${name} pressed the SOS button. Open this to see when and where, and call them at ${phone}.`,
  missedTitle: (name) => `ALERT: ${name} did not check in as safe`,
  missedBody: (name, phone) =>
    `${name} did not confirm they are safe by the time they set. Open this for the details, and call them at ${phone}.`,
  positionTitle: (name) => `SOS ALERT: ${name}'s location`,
  positionBody: (name) => `We now know where ${name} is. Open this to see it.`,
  endedTitle: (name) => `${name} ended their SOS alert`,
  endedBody: (name) => `${name} ended the alert. Thank you for being there.`,
  duressTitle: (name) => `ALERT: ${name} may have been forced to end their alert`,
  duressBody: (name) =>
    `The alert is still on. Do not assume ${name} is safe, and do not call them: someone else may have their phone. Open this.`,
  checkInForcedTitle: (name) => `ALERT: ${name} may have been forced to close or extend their check-in`,
  checkInForcedBody: (name) =>
    `The alert is still on. Do not assume ${name} is safe, and do not call them: someone else may have their phone. Tap here to see the alert.`,
  ackAction: 'Got it',
  ackDoneTitle: 'Done',
  ackDoneBody: (name) => `${name} now knows you got their alert. Call them now.`,
  ackDoneForcedBody: (name) =>
    `We recorded that you got ${name}'s alert. Do not call them: someone else may have their phone.`,
  ackEndedBody: (name) => `${name} has already ended this alert.`,
  fallbackTitle: 'Migrant Panic Button',
  fallbackBody: 'You got an alert. Open the app or check your email to see who, when and where.',
};

export const pt: PushTexts = {
  heading: 'Avisos neste celular',
  intro: 'Além do e-mail, receba um aviso neste celular assim que essa pessoa apertar o botão SOS.',
  turnOn: 'Ativar avisos neste celular',
  turningOn: 'Ativando…',
  turnOff: 'Desativar avisos',
  turningOff: 'Desativando…',
  on: 'Avisos ativados neste celular. Vamos continuar mandando e-mails também.',
  off: 'Os avisos estão desativados neste celular. Vamos continuar avisando por e-mail.',
  denied:
    'Este navegador está bloqueando os avisos desta página. Para ativá-los, permita as notificações deste site nas configurações do navegador e volte aqui.',
  unsupported: 'Este navegador não consegue mostrar avisos. Vamos continuar avisando por e-mail.',
  iosAddToHome:
    'No iPhone, os avisos só funcionam a partir da tela de início: toque em Compartilhar, escolha «Adicionar à Tela de Início», abra o app por lá e volte a esta página.',
  failed: 'Não conseguimos ativar os avisos. Verifique a conexão e tente de novo.',
  linkGone: 'Este link não serve mais para ativar avisos. Vamos continuar avisando por e-mail.',
  startedTitle: (name) => `ALERTA SOS: ${name} está em perigo`,
  startedBody: (name, phone) =>
    `${name} apertou o botão SOS. Abra o aviso para ver quando e onde, e ligue para ${phone}.`,
  missedTitle: (name) => `ALERTA: ${name} não confirmou que está bem`,
  missedBody: (name, phone) =>
    `${name} não confirmou que está bem no horário combinado. Abra o aviso para ver os detalhes, e ligue para ${phone}.`,
  positionTitle: (name) => `ALERTA SOS: localização de ${name}`,
  positionBody: (name) => `Já sabemos onde ${name} está. Abra o aviso para ver.`,
  endedTitle: (name) => `${name} encerrou o alerta SOS`,
  endedBody: (name) => `${name} encerrou o alerta. Obrigado por estar atento.`,
  duressTitle: (name) => `ALERTA: é possível que tenham obrigado ${name} a encerrar o alerta`,
  duressBody: (name) =>
    `O alerta continua ativo. Não dê como certo que ${name} está em segurança, e não ligue: outra pessoa pode estar com o telefone. Abra o aviso.`,
  checkInForcedTitle: (name) => `ALERTA: é possível que tenham obrigado ${name} a encerrar ou prolongar o aviso`,
  checkInForcedBody: (name) =>
    `O alerta continua ativo. Não dê como certo que ${name} está em segurança, e não ligue: outra pessoa pode estar com o telefone. Toque aqui para ver o alerta.`,
  ackAction: 'Recebi',
  ackDoneTitle: 'Pronto',
  ackDoneBody: (name) => `${name} já sabe que você recebeu o alerta. Agora, ligue para essa pessoa.`,
  ackDoneForcedBody: (name) =>
    `Registramos que você recebeu o alerta de ${name}. Não ligue: outra pessoa pode estar com o telefone.`,
  ackEndedBody: (name) => `${name} já encerrou este alerta.`,
  fallbackTitle: 'Botão de Pânico Migratório',
  fallbackBody: 'Você recebeu um alerta. Abra o app ou veja seu e-mail para saber quem, quando e onde.',
};

export const ht: PushTexts = {
  heading: 'Notifikasyon sou telefòn sa a',
  intro: 'Anplis imèl la, resevwa yon notifikasyon sou telefòn sa a menm lè moun sa a peze bouton SOS la.',
  turnOn: 'Aktive notifikasyon sou telefòn sa a',
  turningOn: 'N ap aktive…',
  turnOff: 'Dezaktive notifikasyon',
  turningOff: 'N ap dezaktive…',
  on: 'Notifikasyon aktive sou telefòn sa a. N ap kontinye voye imèl ba ou tou.',
  off: 'Notifikasyon yo dezaktive sou telefòn sa a. N ap kontinye avèti w pa imèl.',
  denied:
    'Navigatè sa a bloke notifikasyon paj sa a. Pou aktive yo, otorize notifikasyon sit sa a nan paramèt navigatè a, epi tounen isit la.',
  unsupported: 'Navigatè sa a pa ka montre notifikasyon. N ap kontinye avèti w pa imèl.',
  iosAddToHome:
    'Sou iPhone, notifikasyon yo mache sèlman depi ekran dakèy la: peze Pataje, chwazi «Ajoute sou ekran dakèy», louvri app la depi la, epi tounen sou paj sa a.',
  failed: 'Nou pa t ka aktive notifikasyon yo. Tcheke koneksyon w epi eseye ankò.',
  linkGone: 'Lyen sa a pa ka aktive notifikasyon ankò. N ap kontinye avèti w pa imèl.',
  startedTitle: (name) => `ALÈT SOS: ${name} an danje`,
  startedBody: (name, phone) =>
    `${name} peze bouton SOS la. Louvri notifikasyon an pou w wè ki lè ak ki kote, epi rele l nan nimewo ${phone}.`,
  missedTitle: (name) => `ALÈT: ${name} pa konfime li anfòm`,
  missedBody: (name, phone) =>
    `${name} pa konfime li anfòm nan lè li te di a. Louvri notifikasyon an pou w wè detay yo, epi rele l nan nimewo ${phone}.`,
  positionTitle: (name) => `ALÈT SOS: kote ${name} ye`,
  positionBody: (name) => `Kounye a nou konnen ki kote ${name} ye. Louvri notifikasyon an pou w wè l.`,
  endedTitle: (name) => `${name} fini alèt SOS li a`,
  endedBody: (name) => `${name} fini alèt la. Mèsi paske w te la.`,
  duressTitle: (name) => `ALÈT: gendwa yo fòse ${name} fini alèt li a`,
  duressBody: (name) =>
    `Alèt la toujou aktif. Pa kwè ${name} an sekirite, epi pa rele l: yon lòt moun ka gen telefòn li. Louvri notifikasyon an.`,
  checkInForcedTitle: (name) => `ALÈT: gendwa yo fòse ${name} fèmen oswa pwolonje avètisman li an`,
  checkInForcedBody: (name) =>
    `Alèt la toujou aktif. Pa kwè ${name} an sekirite, epi pa rele l: yon lòt moun ka gen telefòn li. Peze la a pou w wè alèt la.`,
  ackAction: 'Mwen resevwa l',
  ackDoneTitle: 'Sa fèt',
  ackDoneBody: (name) => `${name} konnen ou resevwa alèt li a. Kounye a, rele l.`,
  ackDoneForcedBody: (name) => `Nou note ou resevwa alèt ${name} an. Pa rele l: yon lòt moun ka gen telefòn li.`,
  ackEndedBody: (name) => `${name} fini alèt sa a deja.`,
  fallbackTitle: 'Bouton Panik Imigrasyon',
  fallbackBody: 'Ou resevwa yon alèt. Louvri app la oswa gade imèl ou pou w konnen ki moun, ki lè ak ki kote.',
};

const byLanguage: Record<Language, PushTexts> = { es, en, pt, ht };

/** The texts of a contact's language. */
export function pushTexts(language: Language): PushTexts {
  return byLanguage[language];
}
