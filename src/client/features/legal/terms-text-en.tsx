import { termsEffectiveDate } from './terms-date.ts';
import { TermsSections, type TermsSection } from './terms-sections.tsx';

const MONTHS = 'January February March April May June July August September October November December'.split(' ');

const SECTIONS: readonly TermsSection[] = [
  {
    title: 'What this service is for',
    text: (
      <>
        Botón de Pánico Migratorio (Immigration Panic Button) is an app from our immigration services firm that lets
        people quickly alert the people they trust when they are in danger, for example during an immigration raid or an
        arrest. It does not replace emergency services (911) or advice from a lawyer.
      </>
    ),
  },
  {
    title: 'How an alert works',
    text: (
      <>
        When someone presses the SOS button, the app sends our server the time, their time zone and, if they allow it,
        their location. The server then emails each of their confirmed emergency contacts. They can end the alert at any
        time with the «FINALIZAR ALERTA» (end alert) button.
      </>
    ),
  },
  {
    title: 'Emergency contacts',
    text: (
      <>
        A person can add as many contacts as they like. Each contact gets an email and has to confirm it and accept
        these terms before receiving any alerts. A contact can unsubscribe at any time with the link in every email. By
        adding someone, the person confirms they have that contact's permission to share their name, email and phone
        number with us.
      </>
    ),
  },
  {
    title: 'Personal information and location',
    text: (
      <>
        We store names, email addresses, phone numbers, contacts and the alerts sent, only to provide this service. A
        location is shared only when the SOS button is pressed, and only with confirmed contacts. We do not sell
        anyone's information or share it with immigration authorities unless a court orders us to. On the phone, the
        session is stored encrypted. Anyone can correct their information in their profile or ask us to delete their
        account and all of their information.
      </>
    ),
  },
  {
    title: 'No guarantee of delivery',
    text: (
      <>
        We do everything we can to make sure every alert gets through: if the phone has no signal, the app holds the
        alert and sends it as soon as the connection is back. Even so, we cannot guarantee delivery when mobile
        networks, the internet, email servers or the phone itself fail (for example, a dead battery). That is why we
        recommend agreeing ahead of time on what to do if an alert comes in.
      </>
    ),
  },
  {
    title: 'Responsible use',
    text: (
      <>
        The SOS button is only for real emergencies. Do not use the service to harass or deceive anyone. We may suspend
        accounts that misuse it.
      </>
    ),
  },
  {
    title: 'Changes to these terms',
    text: (
      <>
        If we change these terms, we will post a notice in the app. Continuing to use it after that notice means
        accepting the new terms.
      </>
    ),
  },
];

/** The terms for an English-reading contact: the same terms, written for a US reader. */
export function TermsTextEn() {
  return (
    <TermsSections
      effective={`Effective ${termsEffectiveDate(MONTHS, (day, month, year) => `${month} ${day}, ${year}`)}.`}
      sections={SECTIONS}
    />
  );
}
