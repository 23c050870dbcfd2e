import { HTML_LANG } from '../language.ts';
import { PLACES_HT, zonePlace } from '../zone-place.ts';
import type { ContactTexts } from './es.ts';

// The contact's e-mails and pages in Haitian Creole (kreyòl ayisyen), in the
// standard spelling: written for the reader, not translated word for word
// (docs/contact-languages.md fixes the key terms and says who has reviewed
// them). Every key of es.ts, in its order, or the type check fails.

export const ht: ContactTexts = {
  // ICU has no Haitian Creole: digits and the 24-hour clock come from fr-HT, the words from `calendar`.
  locale: 'fr-HT',
  htmlLang: HTML_LANG.ht,
  calendar: {
    weekdays: ['dimanch', 'lendi', 'madi', 'mèkredi', 'jedi', 'vandredi', 'samdi'],
    months: ['janvye', 'fevriye', 'mas', 'avril', 'me', 'jen', 'jiyè', 'out', 'septanm', 'oktòb', 'novanm', 'desanm'],
  },

  zoneSuffix: (zone) => `(lè ${zonePlace(zone, PLACES_HT)})`,
  universalTime: '(lè inivèsèl)',
  when: (moment) => `Ki lè: ${moment}`,
  receivedLate: (moment) =>
    `Telefòn nan pa t gen koneksyon, se poutèt sa alèt la rive sou sèvè nou an pi ta, ${moment}.`,
  whereLabel: 'Ki kote:',
  positionUnavailable: 'nou pa konnen ki kote (telefòn nan pa t ka voye pozisyon li)',
  coordinates: (latitude, longitude) => `latitid ${latitude}, lonjitid ${longitude}`,
  mapLabel: 'Kat:',
  seeOnMap: 'Gade sou kat la',

  greeting: (name) => `Bonjou ${name},`,
  footerWhy: (who, app) => `Ou resevwa imèl sa a paske ou te aksepte vin kontak ijans ${who} nan ${app}.`,
  footerUnsubscribeText: (who) => `Pou w pa resevwa imèl sou ${who} ankò:`,
  unsubscribeLink: (who) => `Mwen pa vle resevwa imèl sou ${who} ankò`,
  ackText: (who) => `Fè ${who} konnen ou resevwa alèt la: louvri lyen sa a epi peze «Mwen resevwa l».`,
  ackHtml: (who) => `Fè ${who} konnen ou resevwa alèt la:`,
  ackButton: 'Mwen resevwa l',

  startedSubject: (who) => `ALÈT SOS: ${who} an danje`,
  startedLead: (who, app) => `${who} peze bouton SOS nan ${app} pou fè w konnen li an danje.`,
  startedLeadHtml: 'peze bouton SOS la pou fè w konnen li an danje.',
  whatToDo: 'Sa pou w fè kounye a:',
  todoCall: (who, phone) => `Rele ${who} touswit nan nimewo ${phone}.`,
  todoFamily: 'Si li pa reponn, avèti fanmi li, avoka li oswa òganizasyon k ap ede l, epi pataje kote li ye a.',
  todoKeep: 'Kenbe imèl sa a: li gen lè ak kote alèt la te soti.',

  positionSubject: (who) => `ALÈT SOS: kote ${who} ye`,
  positionLead: (who) => `Alèt SOS ${who} a te pati san pozisyon. Men premye pozisyon telefòn li te ka voye:`,

  endedSubject: (who) => `${who} fini alèt SOS li a`,
  endedLead: (who) => `${who} fini alèt SOS li a nan aplikasyon an.`,
  whoReceived: 'Ki moun ki resevwa alèt la:',
  nobodyAcknowledged: 'Pèsonn pa t konfime yo resevwa alèt la.',
  endedQuestions: (who, phone) => `Si w gen kesyon, rele ${who} nan nimewo ${phone}.`,
  deliveryAcknowledged: (name) => `${name} resevwa l`,
  deliveryAcknowledgedAt: (name, time) => `${name} resevwa l (${time})`,
  deliverySent: (name) => `Voye bay ${name}, poko konfime`,
  deliverySentAt: (name, time) => `Voye bay ${name} (${time}), poko konfime`,
  deliveryPending: (name) => `N ap voye bay ${name}…`,
  deliveryRetrying: (name) => `Nou poko rive voye bay ${name}; n ap kontinye eseye`,
  deliveryFailed: (name) => `Nou pa t rive voye bay ${name}`,
  deliveryCancelled: (name) => `Nou pa t voye l bay ${name}: alèt la te fini anvan l pati`,

  reminderSubject: (who) => `Rapèl: ${who} toujou an danje e pèsonn poko konfime alèt SOS li a`,
  reminderLead: (minutes, who) =>
    `Sa fè ${minutes} minit depi ${who} peze bouton SOS la, e pèsonn poko konfime yo resevwa alèt la.`,
  reminderLeadMissed: (minutes, who) =>
    `Sa fè ${minutes} minit depi ${who} pa t konfime a tan li te an sekirite, epi aplikasyon an voye alèt la; pèsonn poko konfime yo resevwa l.`,
  reminderTodo: (who, phone) =>
    `Rele ${who} touswit nan nimewo ${phone}. Si li pa reponn, avèti fanmi li, avoka li oswa òganizasyon k ap ede l.`,

  practiceSubject: (who) => `TÈS: alèt pou eseye ${who} voye (se pa yon ijans)`,
  practiceNotice: (who) => `TÈS: se yon tès sèlman. ${who} pa an danje.`,
  practiceAbout: (who, app) =>
    `${who} ap eseye ${app} pou l asire l alèt li yo rive jwenn ou. Si yon jou se ta yon vrè ijans, sijè imèl la t ap di «ALÈT SOS».`,

  invitationSubject: (who) => `${who} mete w kòm kontak ijans li`,
  invitationLead: (who, app) => `${who} mete w kòm kontak ijans li nan ${app}, yon aplikasyon sekirite pou imigran.`,
  invitationIfYouAccept: (who) =>
    `Si w aksepte, chak fwa ${who} peze bouton SOS la, n ap voye yon imèl ba ou ak lè alèt la ak kote li ye (lè nou genyen l), pou w ka ede.`,
  invitationHowText: 'Pou w aksepte, louvri lyen sa a, li kondisyon yo epi peze «Aksepte»:',
  invitationHowHtml: 'Pou w aksepte, louvri lyen an, li kondisyon yo epi peze «Aksepte».',
  invitationButton: 'Gade envitasyon an',
  invitationExpiry: (days) =>
    `Lyen an mache yon sèl fwa epi li ekspire nan ${days} jou. Si w pa konnen moun sa a oswa ou pa vle vin kontak li, pa okipe imèl sa a: si w pa aksepte, ou p ap resevwa alèt li yo.`,
  invitationUnsubscribe: (who) => `Si w pa vle resevwa imèl sou ${who} ankò, louvri lyen sa a:`,

  switchLabel: 'Lang',
  sending: 'N ap voye…',
  confirmTitle: 'Konfime kontak',
  confirmHeading: 'Konfime ou se kontak ijans',
  confirmIntro: (who) =>
    `${who ?? 'Yon moun'} mete w kòm kontak ijans li. Li epi aksepte kondisyon sa yo pou w resevwa alèt li yo pa imèl.`,
  termsTitle: 'Kondisyon itilizasyon',
  termsAccept: 'Aksepte',
  acceptTitle: 'Byenveni',
  acceptHeading: 'Byenveni!',
  acceptJoined: (who) => `Ou aksepte kondisyon yo, kounye a ou fè pati kontak ijans ${who ?? 'moun ki te mete w la'}.`,
  acceptWhat: (who) =>
    `Si ${who ?? 'moun sa a'} peze bouton SOS la, n ap avèti w pa imèl ak lè a e, si li pataje l, kote li ye.`,
  alreadyAcceptedHeading: 'Ou te deja aksepte envitasyon sa a',
  alreadyAccepted: (who) =>
    `Ou deja fè pati kontak ijans ${who}. Ou pa bezwen fè anyen ankò: si li peze bouton SOS la, n ap avèti w pa imèl.`,
  acceptClose: 'Ou ka fèmen paj sa a kounye a.',
  invalidTitle: 'Lyen an pa bon',
  invalidText: 'Padon, lyen ou itilize a pa bon oswa li ekspire deja.',
  unsubscribeTitle: 'Sispann imèl yo',
  unsubscribeHeading: 'Sispann resevwa imèl',
  unsubscribeWhy: (app, who) =>
    `Ou resevwa lyen sa a paske ${who ?? 'yon moun'} mete w kòm kontak ijans li nan ${app}. Si w sispann, ou p ap resevwa okenn imèl nan men ${who ?? 'moun sa a'} ankò, ni alèt li yo.`,
  unsubscribeOthers: 'Si lòt moun mete w kòm kontak, w ap kontinye resevwa imèl pa yo.',
  unsubscribeButton: 'Sispann imèl mwen yo',
  unsubscribedHeading: 'Sa fèt',
  unsubscribedText: 'Ou p ap resevwa imèl nan men moun sa a ankò.',
  ackTitle: 'Mwen resevwa l',
  ackLoading: 'N ap chaje alèt la…',
  ackLoadFailed: 'Nou pa t ka chaje alèt la',
  tryAgain: 'Eseye ankò',
  ackPracticeHeading: (who) => `Alèt tès ${who}`,
  ackHeading: (who) => `${who} bezwen èd`,
  ackMissedCheckIn: 'Pèsonn pa t peze bouton an: se aplikasyon an ki voye alèt sa a pou kont li.',
  factWho: 'Ki moun',
  factWhen: 'Ki lè',
  factWhere: 'Ki kote',
  ackDone: (who, time) => `Sa fèt: ${who} konnen ou resevwa alèt li a (${time}).`,
  ackDoneForced: (who, time) => `Sa fèt: nou note ou resevwa alèt ${who} a (${time}).`,
  ackEnded: (who) => `${who} fini alèt sa a deja.`,
  ackReplaced: (who) => `Apre alèt ki nan lyen sa a, te gen yon nouvo alèt pou ${who}. Paj sa a montre dènye alèt la.`,
  firmAttending: (firm) => `${firm} ap okipe alèt sa a.`,
  ackPressPractice: (who) => `Peze «Mwen resevwa l» pou ${who} wè alèt li yo rive jwenn ou.`,
  ackPress: (who) => `Peze «Mwen resevwa l» pou ${who} konnen ou resevwa alèt li a e w ap ede. Apre sa, rele l.`,
  ackPressForced: (who) => `Peze «Mwen resevwa l» pou n note ou resevwa alèt ${who} a e w ap ede.`,
  checkInPurpose: (purpose) =>
    (
      ({
        'cita-inmigracion': 'randevou imigrasyon li',
        audiencia: 'odyans li nan tribinal',
        trabajo: 'travay li',
        viaje: 'vwayaj li',
        otro: 'sòti li',
      }) as Record<string, string | undefined>
    )[purpose] ?? 'sòti li',
  missedSubject: (who) => `ALÈT: ${who} pa konfime li anfòm`,
  missedLead: (who, purpose, place, time) =>
    `${who} pa konfime li anfòm apre ${purpose}${place ? ` nan ${place}` : ''}, ki te dwe fini a ${time}.`,
  missedLastPosition: 'Dènye pozisyon telefòn li te voye pandan avètisman an t ap mache:',
  missedAddedSubject: (who) => `ALÈT: ${who} pa konfime li anfòm non plis`,
  missedAddedNote: 'Alèt SOS li a toujou aktif.',
  safeLead: (who) => `${who} konfime li anfòm. Alèt la fini.`,
  safeSubject: (who) => `${who} anfòm: alèt li a fini`,

  duressSubject: (who) => `ALÈT: gendwa yo fòse ${who} fini alèt li a`,
  duressLead: (who) => `${who} fini alèt SOS li a nan aplikasyon an, men gendwa yo te fòse l fè sa.`,
  duressStillActive: 'Alèt la toujou aktif: aji kòm si li pa t fini.',
  duressTodo: (who) =>
    `Pa rele ${who} e pa voye mesaj ba li: yon lòt moun ka gen telefòn li, e yon apèl ka mete l an danje. Avèti fanmi li ak avoka li oswa òganizasyon k ap ede l, epi pataje kote li ye a avèk yo.`,
  checkInForcedSubject: (who) => `ALÈT: gendwa yo fòse ${who} fèmen oswa pwolonje avètisman li an`,
  checkInForced: (who) =>
    `${who} fèmen oswa pwolonje avètisman an nan aplikasyon an, men gendwa yo te fòse l fè sa. Alèt la toujou aktif.`,

  deletionSubject: (who) => `${who} te mande efase kont li pandan yon alèt ki pa janm fini`,
  deletionLead: (who, when, days) =>
    `${who} te mande efase kont li ${when}, pandan alèt li a te toujou aktif. Nou te tann ${days} jou, epi yo pa janm fini alèt la ak PIN li.`,
  deletionDone:
    'Jodi a nou efase kont lan, jan yo te mande a. Paj alèt la pa louvri ankò epi ou p ap resevwa lòt imèl nan kont sa a.',
  deletionTodo: (who) =>
    `Si ou pa gen nouvèl ${who}, pa rele l ni ekri nan telefòn li: yon lòt moun ka genyen l. Avèti fanmi l ak avoka l oswa òganizasyon k ap okipe dosye l la.`,

  stepsHeading: 'Si w panse yo arete l pou imigrasyon (detansyon):',
  locatorAsks: (who) => `Sa lokalizatè moun ki nan detansyon ICE a mande pou jwenn ${who}:`,
  locatorByNumber: (aNumber, country) => `Nimewo A: ${aNumber} — peyi kote l fèt: ${country}`,
  locatorByName: (name, country) => `Oswa non egzak li: ${name} — peyi kote l fèt: ${country}`,
  unknownValue: '(li pa t ekri l)',
  locatorCountry: (name, locatorName) => `${name} (nan lis lokalizatè a, ki an anglè, chwazi «${locatorName}»)`,
  stepOpenLocator:
    'Louvri lokalizatè moun ki nan detansyon ICE a (Online Detainee Locator System, an anglè): https://locator.ice.gov',
  stepSearchNumber: (aNumber) =>
    aNumber
      ? `Chwazi «Search by A-Number», tape ${aNumber} epi chwazi peyi kote l fèt nan lis la.`
      : 'Si w gen nimewo A li, chwazi «Search by A-Number»: tape 9 chif yo sèlman, san A a (si li gen 8 chif, mete yon 0 devan), epi chwazi peyi kote l fèt.',
  stepSearchName:
    'Si li pa parèt, oswa si w pa gen nimewo a: chwazi «Search by Biographical Information» epi tape non ak siyati li egzakteman jan yo ekri nan papye li, ak peyi kote l fèt.',
  stepConsulate: (phone) => (phone ? `Rele konsila li nan nimewo ${phone}.` : 'Rele konsila peyi li.'),
  stepLawyer: (name, phone) =>
    phone
      ? `Rele avoka li${name ? `, ${name},` : ''} nan nimewo ${phone}.`
      : 'Rele avoka li oswa yon òganizasyon ki bay imigran èd legal.',
  g28Filed: (who) => `Yon avoka deja depoze fòm ki pèmèt li reprezante ${who} devan imigrasyon (G-28).`,
  g28NotFiled: (who) => `Okenn avoka poko depoze fòm ki pèmèt li reprezante ${who} devan imigrasyon (G-28).`,

  packetHeading: (who) => `Lòt enfòmasyon ${who} kite pou ou si yo ta arete l:`,
  packetSample: (who) =>
    `Sa a se yon egzanp: nan yon vrè alèt, ou t ap wè isit la enfòmasyon ${who} te sere pou ou. Done ki anba yo pa vre.`,
  packetLabel: (field) =>
    (
      ({
        birth_date: 'Dat nesans',
        children_pickup: 'Ki moun ki pral chèche timoun yo',
        children_contact: 'Kijan pou jwenn moun sa a',
        documents_location: 'Ki kote papye yo ye',
        medicines: 'Medikaman',
      }) as Record<string, string | undefined>
    )[field] ?? field,

  samplePacket: {
    legal_name: 'Non Siyati Egzanp',
    birth_country: 'Peyi egzanp',
    lawyer_name: 'Avoka egzanp',
    children_pickup: 'Moun egzanp',
    documents_location: 'Kote egzanp',
    medicines: 'Okenn (egzanp)',
  },

  requestFailed: 'Nou pa t ka kominike ak sèvè nou an. Tcheke koneksyon w epi eseye ankò.',
  tooManyTries: 'Twòp esè soti nan koneksyon sa a. Tann yon ti moman epi eseye ankò.',
  closeNotice: 'Fèmen mesaj la',
  connectionStatus: 'Eta koneksyon an',
  offlineNeedsSignal: 'Pa gen koneksyon. Ou bezwen siyal pou w kontinye.',
};
