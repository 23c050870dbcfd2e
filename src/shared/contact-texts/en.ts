import { HTML_LANG } from '../language.ts';
import { PLACES_EN, zonePlace } from '../zone-place.ts';
import type { ContactTexts } from './es.ts';

// The contact's e-mails and pages in US English: written for the reader, not
// translated word for word. Every key of es.ts, in its order, or the type check fails.

export const en: ContactTexts = {
  locale: 'en-US',
  htmlLang: HTML_LANG.en,
  calendar: null,

  zoneSuffix: (zone) => `(${zonePlace(zone, PLACES_EN)} time)`,
  universalTime: '(universal time)',
  when: (moment) => `When: ${moment}`,
  receivedLate: (moment) => `Their phone was offline, so the alert only reached our server later, ${moment}.`,
  whereLabel: 'Where:',
  positionUnavailable: 'location unavailable (their phone could not share it)',
  coordinates: (latitude, longitude) => `latitude ${latitude}, longitude ${longitude}`,
  mapLabel: 'Map:',
  seeOnMap: 'Open the map',

  greeting: (name) => `Hi ${name},`,
  footerWhy: (who, app) =>
    `You're getting this email because you agreed to be an emergency contact for ${who} on ${app}.`,
  footerUnsubscribeText: (who) => `To stop getting emails about ${who}:`,
  unsubscribeLink: (who) => `Stop emails about ${who}`,
  ackText: (who) => `Let ${who} know you got the alert: open this link and tap "Got it".`,
  ackHtml: (who) => `Let ${who} know you got the alert:`,
  ackButton: 'Got it',

  startedSubject: (who) => `SOS ALERT: ${who} is in danger`,
  startedLead: (who, app) => `${who} pressed the SOS button on ${app} to let you know they are in danger.`,
  startedLeadHtml: 'pressed the SOS button to let you know they are in danger.',
  whatToDo: 'What to do now:',
  todoCall: (who, phone) => `Call ${who} right away at ${phone}.`,
  todoFamily:
    "If they don't answer, contact their family and their lawyer or the organization helping them, and share their location.",
  todoKeep: 'Keep this email: it has the time and place of the alert.',

  positionSubject: (who) => `SOS ALERT: ${who}'s location`,
  positionLead: (who) =>
    `${who}'s SOS alert went out without a location. Here is the first location their phone was able to share:`,

  endedSubject: (who) => `${who} has ended their SOS alert`,
  endedLead: (who) => `${who} ended their SOS alert from the app.`,
  whoReceived: 'Who got the alert:',
  nobodyAcknowledged: 'Nobody confirmed getting the alert.',
  endedQuestions: (who, phone) => `If you have any questions, call ${who} at ${phone}.`,
  deliveryAcknowledged: (name) => `Confirmed by ${name}`,
  deliveryAcknowledgedAt: (name, time) => `Confirmed by ${name} (${time})`,
  deliverySent: (name) => `Sent to ${name}, not confirmed yet`,
  deliverySentAt: (name, time) => `Sent to ${name} (${time}), not confirmed yet`,
  deliveryPending: (name) => `Sending to ${name}…`,
  deliveryRetrying: (name) => `Couldn't reach ${name} yet; we keep trying`,
  deliveryFailed: (name) => `Couldn't reach ${name}`,
  deliveryCancelled: (name) => `Not sent to ${name}: the alert ended before it went out`,

  reminderSubject: (who) => `Reminder: ${who} is still in danger and nobody has confirmed their SOS alert`,
  reminderLead: (minutes, who) =>
    `${who} pressed the SOS button ${minutes} minutes ago, and nobody has confirmed getting the alert yet.`,
  reminderLeadMissed: (minutes, who) =>
    `${minutes} minutes ago ${who} did not confirm in time that they were safe and the app sent the alert; nobody has confirmed getting it yet.`,
  reminderTodo: (who, phone) =>
    `Call ${who} right away at ${phone}. If they don't answer, contact their family and their lawyer or the organization helping them.`,

  practiceSubject: (who) => `TEST: practice alert from ${who} (not an emergency)`,
  practiceNotice: (who) => `TEST: this is only a practice run. ${who} is not in danger.`,
  practiceAbout: (who, app) =>
    `${who} is trying out ${app} to make sure their alerts reach you. In a real emergency, the subject line would start with "SOS ALERT".`,

  invitationSubject: (who) => `${who} added you as an emergency contact`,
  invitationLead: (who, app) =>
    `${who} added you as an emergency contact on ${app}, a personal safety app for immigrants.`,
  invitationIfYouAccept: (who) =>
    `If you accept, every time ${who} presses the SOS button we'll email you the time of the alert and their location (when available), so you can help.`,
  invitationHowText: 'To accept, open this link, read the terms and conditions, and tap "Accept":',
  invitationHowHtml: 'To accept, open the link, read the terms and conditions, and tap "Accept".',
  invitationButton: 'View the invitation',
  invitationExpiry: (days) =>
    `The link works once and expires in ${days} days. If you don't know this person or don't want to be their contact, just ignore this email: you won't get their alerts unless you accept.`,
  invitationUnsubscribe: (who) => `If you don't want any more emails about ${who}, open this link:`,

  switchLabel: 'Language',
  sending: 'Sending…',
  confirmTitle: 'Confirm contact',
  confirmHeading: "Confirm you're an emergency contact",
  confirmIntro: (who) =>
    `${who ?? 'Someone'} added you as their emergency contact. Read and accept these terms to get their alerts by email.`,
  termsTitle: 'Terms and conditions',
  termsAccept: 'Accept',
  acceptTitle: 'Welcome',
  acceptHeading: 'Welcome!',
  acceptJoined: (who) =>
    who
      ? `You accepted the terms and conditions, and you're now one of ${who}'s emergency contacts.`
      : "You accepted the terms and conditions, and you're now one of the emergency contacts of the person who added you.",
  acceptWhat: (who) =>
    who
      ? `If ${who} presses the SOS button, we'll email you the time and, if they share it, their location.`
      : "If they press the SOS button, we'll email you the time and, if they share it, their location.",
  alreadyAcceptedHeading: 'You already accepted this invitation',
  alreadyAccepted: (who) =>
    `You're already one of ${who}'s emergency contacts. There's nothing more to do: if they press the SOS button, we'll email you.`,
  acceptClose: 'You can close this page now.',
  invalidTitle: 'Invalid link',
  invalidText: "Sorry, the link you used isn't valid or has expired.",
  unsubscribeTitle: 'Unsubscribe',
  unsubscribeHeading: 'Stop getting emails',
  unsubscribeWhy: (app, who) =>
    `You got this link because ${who ?? 'someone'} added you as their emergency contact on ${app}. If you unsubscribe, you won't get any more emails from ${who ?? 'that person'}, including their alerts.`,
  unsubscribeOthers: "If other people added you as a contact, you'll still get their emails.",
  unsubscribeButton: 'Unsubscribe me',
  unsubscribedHeading: "You're unsubscribed",
  unsubscribedText: "You won't get any more emails from this person.",
  ackTitle: 'Got it',
  ackLoading: 'Loading the alert…',
  ackLoadFailed: "We couldn't load the alert",
  tryAgain: 'Try again',
  ackPracticeHeading: (who) => `Practice alert from ${who}`,
  ackHeading: (who) => `${who} needs help`,
  ackMissedCheckIn: 'Nobody pressed the button: the app sent this alert by itself.',
  factWho: 'Who',
  factWhen: 'When',
  factWhere: 'Where',
  ackDone: (who, time) => `Done: ${who} knows you got their alert (${time}).`,
  ackDoneForced: (who, time) => `Done: we recorded that you got ${who}'s alert (${time}).`,
  ackEnded: (who) => `${who} has already ended this alert.`,
  ackReplaced: (who) => `A new alert from ${who} came after the one in this link. This page shows the latest one.`,
  firmAttending: (firm) => `${firm} is taking care of this alert.`,
  ackPressPractice: (who) => `Tap "Got it" so ${who} can see their alerts reach you.`,
  ackPress: (who) => `Tap "Got it" so ${who} knows you got their alert and are going to help. Then call them.`,
  ackPressForced: (who) => `Tap "Got it" to record that you got ${who}'s alert and are going to help.`,
  checkInPurpose: (purpose) =>
    (
      ({
        'cita-inmigracion': 'their immigration appointment',
        audiencia: 'their court hearing',
        trabajo: 'work',
        viaje: 'their trip',
        otro: 'going out',
      }) as Record<string, string | undefined>
    )[purpose] ?? 'going out',
  missedSubject: (who) => `ALERT: ${who} did not check in as safe`,
  missedLead: (who, purpose, place, time) =>
    `${who} did not confirm they are safe after ${purpose}${place ? ` at ${place}` : ''}, expected to end by ${time}.`,
  missedLastPosition: 'Last location their phone sent while the check-in was running:',
  missedAddedSubject: (who) => `ALERT: ${who} also did not check in as safe`,
  missedAddedNote: 'Their SOS alert is still on.',
  safeLead: (who) => `${who} confirmed they are safe. The alert is over.`,
  safeSubject: (who) => `${who} is safe: their alert is over`,

  duressSubject: (who) => `ALERT: ${who} may have been forced to end their alert`,
  duressLead: (who) => `${who} ended their SOS alert in the app, but may have been forced to do so.`,
  duressStillActive: 'The alert is still on: act as if it had not ended.',
  duressTodo: (who) =>
    `Do not call or text ${who}: someone else may have their phone, and a call could put them in danger. Tell their family and their lawyer or the organization that supports them, and share their location with them.`,
  checkInForcedSubject: (who) => `ALERT: ${who} may have been forced to close or extend their check-in`,
  checkInForced: (who) =>
    `${who} closed or extended the check-in in the app, but may have been forced to do so. The alert is still on.`,

  deletionSubject: (who) => `${who} asked to delete their account during an alert that never ended`,
  deletionLead: (who, when, days) =>
    `${who} asked to delete their account on ${when}, while their alert was still on. We waited ${days} days and the alert was never ended with their PIN.`,
  deletionDone:
    'Today we deleted the account, as asked. The alert page no longer opens and you will get no more e-mails from this account.',
  deletionTodo: (who) =>
    `If you have not heard from ${who}, do not call or text their phone: someone else may have it. Tell their family and their lawyer or the organization that supports them.`,

  stepsHeading: 'If you think they were detained:',
  locatorAsks: (who) => `What ICE's Online Detainee Locator asks for to find ${who}:`,
  locatorByNumber: (aNumber, country) => `A-number: ${aNumber} — country of birth: ${country}`,
  locatorByName: (name, country) => `Or their exact name: ${name} — country of birth: ${country}`,
  unknownValue: '(not written down)',
  locatorCountry: (name, locatorName) =>
    name === locatorName ? name : `${name} (pick “${locatorName}” in the locator's list)`,
  stepOpenLocator: "Open ICE's Online Detainee Locator System: https://locator.ice.gov",
  stepSearchNumber: (aNumber) =>
    aNumber
      ? `Choose "Search by A-Number", type ${aNumber} and pick their country of birth from the list.`
      : 'If you have their A-number, choose "Search by A-Number": type just the 9 digits, without the A (if it has 8, add a 0 at the start), and pick their country of birth.',
  stepSearchName:
    'If they don\'t show up, or you don\'t have the number: choose "Search by Biographical Information" and type their first and last name exactly as on their documents, and their country of birth.',
  stepConsulate: (phone) => (phone ? `Call their consulate at ${phone}.` : "Call their country's consulate."),
  stepLawyer: (name, phone) =>
    phone
      ? `Call their lawyer${name ? `, ${name},` : ''} at ${phone}.`
      : 'Call their lawyer or an immigrant legal aid organization.',
  g28Filed: (who) => `A lawyer has already filed the form that lets them represent ${who} before immigration (G-28).`,
  g28NotFiled: (who) => `No lawyer has filed the form that lets them represent ${who} before immigration (G-28) yet.`,

  packetHeading: (who) => `More of what ${who} left for you in case they are detained:`,
  packetSample: (who) =>
    `This is a sample: in a real alert you would see here what ${who} saved for you. The details below are not real.`,
  packetLabel: (field) =>
    (
      ({
        birth_date: 'Date of birth',
        children_pickup: 'Who picks up the children',
        children_contact: 'How to reach that person',
        documents_location: 'Where the documents are',
        medicines: 'Medicines',
      }) as Record<string, string | undefined>
    )[field] ?? field,

  samplePacket: {
    legal_name: 'Firstname Lastname Sample',
    birth_country: 'Sample country',
    lawyer_name: 'Sample lawyer',
    children_pickup: 'Sample person',
    documents_location: 'Sample place',
    medicines: 'None (sample)',
  },

  requestFailed: "We couldn't reach our server. Check your connection and try again.",
  tooManyTries: 'Too many tries from this connection. Wait a moment and try again.',
  closeNotice: 'Close notice',
  connectionStatus: 'Connection status',
  offlineNeedsSignal: "You're offline. You need a signal to continue.",
};
