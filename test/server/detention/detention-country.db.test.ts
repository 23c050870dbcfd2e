import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import type { Contact } from '#shared/api/contacts.ts';
import { detentionMessages, EMPTY_DETENTION_INFO, type DetentionInfo } from '#shared/api/detention-info.ts';
import { contactTexts } from '#shared/contact-texts/index.ts';
import { countryName, locatorCountryName } from '#shared/countries.ts';
import { LANGUAGES, type Language } from '#shared/language.ts';
import { escapeHtml } from '#server/mail/templates/escape-html.ts';
import { sealDetentionInfo } from '#server/security/detention-box.ts';
import { MEXICO, personWithConfirmedContacts, press } from '#test/support/alert-people.ts';
import { mailsTo } from '#test/support/contact-mail.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// The country of birth is picked from a list and kept as its code: each contact reads it in
// their language with the exact English name ICE's locator lists; a country typed before the
// list still reads as typed (or as the country it names).

const INFO: DetentionInfo = {
  ...EMPTY_DETENTION_INFO,
  legal_name: 'Rosa Pays Prueba',
  a_number: '123456789',
  birth_country: 'HT',
};

const put = (t: TestApp, me: Session, body: unknown) =>
  t.call('PUT', 'profile/detention-info', { token: me.access_token, body });
const get = async (t: TestApp, me: Session) =>
  (await t.call('GET', 'profile/detention-info', { token: me.access_token })).body.message as DetentionInfo;

/** Stores the information as it was kept before the list (the country as the person typed it). */
async function storeAsBefore(t: TestApp, tag: string, info: DetentionInfo) {
  const { rowCount } = await t.pool.query(
    `insert into detention_infos (user_id, sealed, updated_at)
       select id, $2, now() from users where email = $1
     on conflict (user_id) do update set sealed = excluded.sealed`,
    [`${tag}@example.com`, sealDetentionInfo(t.config.secret, info)],
  );
  expect(rowCount).toBe(1);
}

/** Every contact chosen for the information, each reading the language given for their e-mail. */
async function chooseAll(t: TestApp, me: Session, languages: Record<string, Language>) {
  const contacts = (await t.call('GET', 'contacts', { token: me.access_token })).body.message as Contact[];
  expect(contacts.map((contact) => contact.email).sort()).toEqual(Object.keys(languages).sort());
  for (const contact of contacts) {
    const body = { receives_detention_info: true, language: languages[contact.email] };
    expect((await t.call('PATCH', `contacts/${contact.id}`, { token: me.access_token, body })).status).toBe(200);
  }
}

const alertTo = async (t: TestApp, email: string) =>
  (await mailsTo(t, email)).find((mail) => /^(ALERTA SOS|SOS ALERT|ALÈT SOS)/.test(mail.subject ?? ''));

describe('the country of birth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("is kept as the list's code; a known spelling becomes its code; anything else is refused in Spanish", async () => {
    const { me } = await personWithConfirmedContacts(t, 'pais-codigo', []);
    expect((await put(t, me, INFO)).body).toEqual({ success: true, message: INFO });
    expect(await get(t, me)).toEqual(INFO);
    for (const typed of ['México', 'mexico', 'Mexico', 'MX']) {
      expect({ typed, reply: (await put(t, me, { ...INFO, birth_country: typed })).body }).toEqual({
        typed,
        reply: { success: true, message: { ...INFO, birth_country: 'MX' } },
      });
    }
    for (const typed of ['Narnia', 'XX']) {
      expect({ typed, reply: await put(t, me, { ...INFO, birth_country: typed }) }).toMatchObject({
        typed,
        reply: {
          status: 422,
          body: {
            success: false,
            message: detentionMessages.countryInvalid,
            errors: { birth_country: [detentionMessages.countryInvalid] },
          },
        },
      });
    }
    expect((await put(t, me, { ...INFO, birth_country: 7 })).status).toBe(422);
    expect(await get(t, me)).toEqual({ ...INFO, birth_country: 'MX' });
  });

  it('typed before the list: a known spelling reads as its country, any other as typed, and saving the rest keeps it', async () => {
    const { me } = await personWithConfirmedContacts(t, 'pais-antes', []);
    await storeAsBefore(t, 'pais-antes', { ...INFO, birth_country: 'Haití' });
    expect(await get(t, me)).toEqual({ ...INFO, birth_country: 'HT' });

    await storeAsBefore(t, 'pais-antes', { ...INFO, birth_country: 'Cuzco Viejo' });
    expect(await get(t, me)).toEqual({ ...INFO, birth_country: 'Cuzco Viejo' });
    // Sent back unchanged with another field changed: kept. Another free text: refused.
    expect((await put(t, me, { ...INFO, birth_country: 'Cuzco Viejo', legal_name: 'Rosa Otra' })).body).toEqual({
      success: true,
      message: { ...INFO, birth_country: 'Cuzco Viejo', legal_name: 'Rosa Otra' },
    });
    expect((await put(t, me, { ...INFO, birth_country: 'Cuzco Nuevo' })).status).toBe(422);
    expect(await get(t, me)).toEqual({ ...INFO, birth_country: 'Cuzco Viejo', legal_name: 'Rosa Otra' });
  });

  it("reaches every contact in their language with the locator's English name; one typed before the list, as typed", async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'pais-idiomas', [
      ['Luis', 'Díaz'],
      ['John', 'Smith'],
      ['Joana', 'Silva'],
      ['Jean', 'Pierre'],
    ]);
    await chooseAll(t, me, Object.fromEntries(LANGUAGES.map((language, index) => [emails[index]!, language])));
    expect((await put(t, me, { ...INFO, birth_country: 'HT' })).status).toBe(200);
    expect((await press(t, me, { alert_status: '1', ...MEXICO })).status).toBe(200);

    const legacy = await personWithConfirmedContacts(t, 'pais-escrito', [['Ana', 'Luz']]);
    await chooseAll(t, legacy.me, { [legacy.emails[0]!]: 'pt' });
    await storeAsBefore(t, 'pais-escrito', { ...INFO, birth_country: 'Cuzco Viejo' });
    expect((await press(t, legacy.me, { alert_status: '1', ...MEXICO })).status).toBe(200);

    const seen: Record<string, { text: string; html: string }> = {};
    for (const [index, language] of LANGUAGES.entries()) {
      await expect.poll(() => alertTo(t, emails[index]!), { timeout: 60_000 }).toBeDefined();
      const mail = await alertTo(t, emails[index]!);
      const texts = contactTexts(language);
      const country = texts.locatorCountry(countryName('HT', language), locatorCountryName('HT'));
      seen[language] = {
        text: mail?.text?.includes(`- ${texts.locatorByNumber('123456789', country)}`) ? country : 'missing',
        html: typeof mail?.html === 'string' && mail.html.includes(escapeHtml(country)) ? country : 'missing',
      };
    }
    // Each in the reader's words, each with the locator's own English name.
    expect(seen).toEqual({
      es: both('Haití (en la lista del localizador, que está en inglés, elige «Haiti»)'),
      en: both('Haiti'),
      pt: both('Haiti (na lista do localizador, que está em inglês, escolha «Haiti»)'),
      ht: both('Ayiti (nan lis lokalizatè a, ki an anglè, chwazi «Haiti»)'),
    });

    await expect.poll(() => alertTo(t, legacy.emails[0]!), { timeout: 60_000 }).toBeDefined();
    const legacyText = (await alertTo(t, legacy.emails[0]!))?.text ?? '';
    expect(legacyText).toContain(`- ${contactTexts('pt').locatorByNumber('123456789', 'Cuzco Viejo')}`);
  });
});

const both = (country: string) => ({ text: country, html: country });
