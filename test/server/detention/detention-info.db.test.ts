import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import type { Contact } from '#shared/api/contacts.ts';
import { detentionMessages, EMPTY_DETENTION_INFO, type DetentionInfo } from '#shared/api/detention-info.ts';
import { en } from '#shared/contact-texts/en.ts';
import { es } from '#shared/contact-texts/es.ts';
import { ht } from '#shared/contact-texts/ht.ts';
import type { ContactTexts } from '#shared/contact-texts/index.ts';
import { pt } from '#shared/contact-texts/pt.ts';
import { LANGUAGES, type Language } from '#shared/language.ts';
import { MEXICO, personWithConfirmedContacts, press } from '#test/support/alert-people.ts';
import { mailsTo } from '#test/support/contact-mail.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// 'Si me detienen': shown back exactly as stored, encrypted at rest, gone with the
// account; only the contacts the person chose read it, only inside an alert e-mail.

const INFO: DetentionInfo = {
  legal_name: 'Rosa María Prueba Gómez',
  birth_date: '1988-04-12',
  birth_country: 'HN',
  a_number: '123456789',
  consulate_phone: '+13055550199',
  lawyer_name: 'Lcda. Carmen Ruiz',
  lawyer_phone: '+13055550177',
  g28_signed: 'si',
  children_pickup: 'Mi hermana Ana',
  children_contact: '+13055550155',
  documents_location: 'Caja azul debajo de la cama',
  medicines: 'Insulina, dos veces al día',
};

/** Honduras as each reader reads it, with the name ICE's locator lists (src/shared/countries.ts). */
const HONDURAS: Record<Language, string> = {
  es: es.locatorCountry('Honduras', 'Honduras'),
  en: 'Honduras',
  pt: pt.locatorCountry('Honduras', 'Honduras'),
  ht: ht.locatorCountry('Ondiras', 'Honduras'),
};

/** INFO's birth date as each reader writes a day. */
const BORN: Record<Language, string> = {
  es: '12 de abril de 1988',
  en: 'April 12, 1988',
  pt: '12 de abril de 1988',
  ht: '12 avril 1988',
};

/**
 * What a chosen contact reads of INFO, in order: what ICE's locator asks for (the A-number with the
 * country of birth, or the exact name with it), the steps with the consulate's and the lawyer's
 * numbers, the G-28 in plain words, then the rest of the packet.
 */
function packetBlock(t: ContactTexts, language: Language): string {
  return [
    t.stepsHeading,
    t.locatorAsks('Rosa Prueba'),
    `- ${t.locatorByNumber('123456789', HONDURAS[language])}`,
    `- ${t.locatorByName('Rosa María Prueba Gómez', HONDURAS[language])}`,
    '',
    `1. ${t.stepOpenLocator}`,
    `2. ${t.stepSearchNumber('123456789')}`,
    `3. ${t.stepSearchName}`,
    `4. ${t.stepConsulate('+13055550199')}`,
    `5. ${t.stepLawyer('Lcda. Carmen Ruiz', '+13055550177')}`,
    t.g28Filed('Rosa Prueba'),
    '',
    t.packetHeading('Rosa Prueba'),
    `- ${t.packetLabel('birth_date')}: ${BORN[language]}`,
    `- ${t.packetLabel('children_pickup')}: Mi hermana Ana`,
    `- ${t.packetLabel('children_contact')}: +13055550155`,
    `- ${t.packetLabel('documents_location')}: Caja azul debajo de la cama`,
    `- ${t.packetLabel('medicines')}: Insulina, dos veces al día`,
  ].join('\n');
}

/** The values long enough to be told apart from ordinary words ('si' is one). */
const VALUES = Object.values(INFO).filter((value) => value.length >= 4);

const put = (t: TestApp, me: Session, body: unknown) =>
  t.call('PUT', 'profile/detention-info', { token: me.access_token, body });
const get = (t: TestApp, me: Session) => t.call('GET', 'profile/detention-info', { token: me.access_token });

async function contactsOf(t: TestApp, me: Session): Promise<Contact[]> {
  return (await t.call('GET', 'contacts', { token: me.access_token })).body.message as Contact[];
}

describe('detention information', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('comes back exactly as stored, is encrypted at rest, and is deleted by one button', async () => {
    const { me } = await personWithConfirmedContacts(t, 'guarda', []);
    expect((await get(t, me)).body).toEqual({ success: true, message: EMPTY_DETENTION_INFO });
    expect((await put(t, me, INFO)).body).toEqual({ success: true, message: INFO });
    expect((await get(t, me)).body).toEqual({ success: true, message: INFO });

    const { rows } = await t.pool.query<{ row: string }>(`select d::text as row from detention_infos d`);
    expect(rows).toHaveLength(1);
    for (const value of VALUES) expect(rows[0]!.row).not.toContain(value);
    expect(rows[0]!.row).not.toContain('Honduras');

    // A fresh IV per write: the same information never seals the same way twice.
    await put(t, me, INFO);
    const again = await t.pool.query<{ row: string }>(`select d::text as row from detention_infos d`);
    expect(again.rows[0]!.row).not.toBe(rows[0]!.row);

    expect((await t.call('DELETE', 'profile/detention-info', { token: me.access_token })).body).toEqual({
      success: true,
      message: detentionMessages.deleted,
    });
    expect((await get(t, me)).body.message).toEqual(EMPTY_DETENTION_INFO);
    expect((await t.pool.query(`select 1 from detention_infos`)).rowCount).toBe(0);
  });

  it('goes with the account', async () => {
    const { me } = await personWithConfirmedContacts(t, 'cuenta', []);
    await put(t, me, INFO);
    expect((await t.pool.query(`select 1 from detention_infos`)).rowCount).toBe(1);
    expect((await t.call('DELETE', 'profile', { token: me.access_token })).status).toBe(200);
    expect((await t.pool.query(`select 1 from detention_infos`)).rowCount).toBe(0);
  });

  it('refuses bad fields with Spanish messages, never a 500', async () => {
    const { me } = await personWithConfirmedContacts(t, 'malos', []);
    const reply = await put(t, me, {
      a_number: '12',
      birth_date: '1990-02-30',
      lawyer_phone: 'abc',
      g28_signed: 'quizás',
      medicines: 'x'.repeat(201),
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({
      a_number: [detentionMessages.aNumberInvalid],
      birth_date: [detentionMessages.birthDateInvalid],
      lawyer_phone: [detentionMessages.phoneInvalid],
      g28_signed: [detentionMessages.g28Invalid],
      medicines: [detentionMessages.tooLong],
    });
    expect((await get(t, me)).body.message).toEqual(EMPTY_DETENTION_INFO);
  });

  it('stores every way people write an A-number in the one form the locator takes, and refuses the rest in Spanish', async () => {
    const { me } = await personWithConfirmedContacts(t, 'numero-a', []);
    const forms = {
      'A-123-456-789': '123456789',
      '123456789': '123456789',
      A123456789: '123456789',
      'A 123 456 789': '123456789',
      a12345678: '012345678',
      '12345678': '012345678',
    };
    for (const [typed, stored] of Object.entries(forms)) {
      expect({ typed, reply: (await put(t, me, { ...INFO, a_number: typed })).body }).toEqual({
        typed,
        reply: { success: true, message: { ...INFO, a_number: stored } },
      });
      expect((await get(t, me)).body.message).toEqual({ ...INFO, a_number: stored });
    }
    for (const typed of ['1234567', '1234567890', 'B123456789', 'A-12a-456-789']) {
      expect({ typed, reply: await put(t, me, { ...INFO, a_number: typed }) }).toMatchObject({
        typed,
        reply: { status: 422, body: { success: false, errors: { a_number: [detentionMessages.aNumberInvalid] } } },
      });
    }
    expect((await get(t, me)).body.message).toEqual({ ...INFO, a_number: '012345678' });
  });

  it('reaches only the chosen contacts, only in alert e-mails, in their language; a practice shows a sample', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'paquete', [
      ['Luis', 'Díaz'],
      ['María', 'López'],
      ['John', 'Smith'],
      ['Jean', 'Pierre'],
      ['Joao', 'Silva'],
    ]);
    const [luis, maria, john, jean, joao] = emails as [string, string, string, string, string];
    await put(t, me, INFO);
    const contacts = await contactsOf(t, me);
    expect(contacts.map((contact) => contact.receives_detention_info)).toEqual([false, false, false, false, false]);
    const byEmail = new Map(contacts.map((contact) => [contact.email, contact.id]));
    const chosen = await t.call('PATCH', `contacts/${byEmail.get(luis)}`, {
      token: me.access_token,
      body: { receives_detention_info: true },
    });
    expect(chosen.body.message).toMatchObject({ email: luis, receives_detention_info: true, language: 'es' });
    await t.call('PATCH', `contacts/${byEmail.get(john)}`, {
      token: me.access_token,
      body: { receives_detention_info: true, language: 'en' },
    });
    await t.call('PATCH', `contacts/${byEmail.get(jean)}`, {
      token: me.access_token,
      body: { receives_detention_info: true, language: 'ht' },
    });
    await t.call('PATCH', `contacts/${byEmail.get(joao)}`, {
      token: me.access_token,
      body: { receives_detention_info: true, language: 'pt' },
    });

    // Practice first: a sample for the chosen, never the real data.
    expect((await press(t, me, { alert_status: '3', ...MEXICO })).status).toBe(200);
    const practiceTo = async (email: string) =>
      (await mailsTo(t, email)).find((mail) => /^(PRUEBA|TEST|TÈS)/.test(mail.subject ?? ''));
    const luisPractice = (await practiceTo(luis))?.text ?? '';
    expect(luisPractice).toContain('Esto es una muestra');
    expect(luisPractice).toContain(es.locatorByNumber('000000000', 'País de ejemplo'));
    for (const value of VALUES) expect(luisPractice).not.toContain(value);
    expect((await practiceTo(maria))?.text).not.toContain('Esto es una muestra');
    // The sample speaks the contact's language too: no Spanish 'País de ejemplo' in a Creole practice.
    const jeanPractice = (await practiceTo(jean))?.text ?? '';
    expect({
      locator: jeanPractice.includes(ht.locatorByNumber('000000000', ht.samplePacket.birth_country)),
      birthDate: jeanPractice.includes(`- ${ht.packetLabel('birth_date')}: 31 janvye 1990`),
      spanish: Object.values(es.samplePacket).filter((value) => jeanPractice.includes(value)),
    }).toEqual({ locator: true, birthDate: true, spanish: [] });

    t.clock.advance(10 * 60_000);
    expect((await press(t, me, { alert_status: '1', ...MEXICO })).status).toBe(200);
    const alertTo = async (email: string) =>
      (await mailsTo(t, email)).find((mail) => /^(ALERTA SOS|SOS ALERT|ALÈT SOS)/.test(mail.subject ?? ''));
    const luisAlert = (await alertTo(luis))?.text ?? '';
    // What the locator asks for first, ready to type; then the steps with this person's numbers; the G-28 in plain words; the rest.
    expect(luisAlert).toContain(
      [
        es.stepsHeading,
        es.locatorAsks('Rosa Prueba'),
        `- ${es.locatorByNumber('123456789', HONDURAS.es)}`,
        `- ${es.locatorByName('Rosa María Prueba Gómez', HONDURAS.es)}`,
        '',
        `1. ${es.stepOpenLocator}`,
        `2. ${es.stepSearchNumber('123456789')}`,
        `3. ${es.stepSearchName}`,
        '4. Llama a su consulado al +13055550199.',
        '5. Llama a su abogado, Lcda. Carmen Ruiz, al +13055550177.',
        es.g28Filed('Rosa Prueba'),
        '',
        es.packetHeading('Rosa Prueba'),
        '- Fecha de nacimiento: 12 de abril de 1988',
        '- Quién recoge a los niños: Mi hermana Ana',
        '- Cómo comunicarse con esa persona: +13055550155',
        '- Dónde están los documentos: Caja azul debajo de la cama',
        '- Medicinas: Insulina, dos veces al día',
      ].join('\n'),
    );

    const mariaAlert = (await alertTo(maria))?.text ?? '';
    expect(mariaAlert).toContain('https://locator.ice.gov');
    expect(mariaAlert).toContain(es.stepSearchNumber(''));
    expect(mariaAlert).toContain('Llama al consulado de su país.');
    expect(mariaAlert).not.toContain(es.locatorAsks('Rosa Prueba'));
    for (const value of VALUES) expect(mariaAlert).not.toContain(value);

    // Every chosen contact reads the same layout in their own language.
    const chosenIn: Record<Language, string> = { es: luis, en: john, pt: joao, ht: jean };
    const texts: Record<Language, ContactTexts> = { es, en, pt, ht };
    for (const language of LANGUAGES) {
      const text = (await alertTo(chosenIn[language]))?.text ?? '';
      expect({ language, text }).toEqual({
        language,
        text: expect.stringContaining(packetBlock(texts[language], language)),
      });
    }
    expect((await alertTo(john))?.text).toContain('- Medicines: Insulina, dos veces al día');

    // Never in clear in the outbox, and never in an invitation.
    const { rows } = await t.pool.query<{ row: string }>(`select o::text as row from outbox o`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows)
      for (const value of [INFO.a_number, INFO.medicines, INFO.legal_name]) expect(row.row).not.toContain(value);
    for (const email of emails) {
      const invitation = (await mailsTo(t, email))[0];
      expect(invitation?.text).not.toContain(INFO.a_number);
    }
  });
});
