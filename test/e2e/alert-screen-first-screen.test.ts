import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { onEveryPhone, PHONES, seenWhole, textUnderFixedBars } from '#test/support/first-screen.ts';
import { waitForMail } from '#test/support/mailbox.ts';
import { endAlertAndWaitForMail, personWithConfirmedContact, sosButton } from '#test/support/sos-flows.ts';
import { resizeTo } from '#test/support/viewport.ts';

// The alert screen on three common phones. With no signal, where the alert stands ('Sin
// conexión: tu alerta se enviará…') is said once, first, and what the phone itself can send
// (the SMS, WhatsApp) follows it on the first screen, above the fixed FINALIZAR ALERTA bar. Sent,
// with one contact or three, the first screen holds the status, who got the e-mail and every
// WhatsApp button and the SMS, each said once. In every state no line of the screen is read under
// that bar: each, scrolled into view as focus or find-in-page does, is drawn whole. And the
// WhatsApp button keeps its one green whatever the pointer or the focus does, focus showing as a ring.

const running = appAndChromiumPerFile();

const MORE_CONTACTS = [
  { firstname: 'Ana', lastname: 'Ruiz', phone: '+13055550111', kinship: 'Hermana' },
  { firstname: 'Luis', lastname: 'Mora', phone: '+13055550122', kinship: 'Amigo' },
];

/** Pressed SOS with every contact confirmed, and waited for the green 'Alerta enviada' with each contact's line. */
async function sentAlert(tag: string, contacts: number) {
  const moreContacts = MORE_CONTACTS.slice(0, contacts - 1).map((contact) => ({
    ...contact,
    email: `${tag}-${contact.firstname.toLowerCase()}@example.org`,
  }));
  const person = await personWithConfirmedContact(running.app, running.browser, tag, undefined, { moreContacts });
  const { page } = person;
  // Home fetches the list again, so this phone knows every contact confirmed.
  await page.reload();
  for (const contact of moreContacts)
    await page.getByRole('link', { name: new RegExp(`^${contact.firstname} ${contact.lastname} \\S+@`) }).waitFor();
  await sosButton(page).click();
  await page.waitForURL('**/web/active');
  const status = page.getByRole('status', { name: 'Estado de tu alerta' });
  await status.getByText('Alerta enviada a tus contactos').waitFor({ timeout: 30_000 });
  const list = page.getByRole('region', { name: 'A quién llegó tu alerta' });
  await page.waitForFunction(
    (count) =>
      [...document.querySelectorAll('.delivery__item')].filter((item) =>
        /^Enviada a .*sin confirmar todavía$/.test(item.textContent ?? ''),
      ).length === count,
    contacts,
    { timeout: 30_000 },
  );
  await page.getByText('Tu ubicación va en el SMS.').waitFor();
  await page.locator('#splash').waitFor({ state: 'detached' });
  const whatsapp = ['Jorge Paz', ...moreContacts.map((contact) => `${contact.firstname} ${contact.lastname}`)].map(
    (name) => page.getByRole('link', { name: `Enviar por WhatsApp a ${name}` }),
  );
  return { ...person, status, list, whatsapp, sms: page.getByRole('link', { name: 'Enviar SMS a mis contactos' }) };
}

/** What the first screen of a sent alert shows whole, and what it says twice, at each phone. */
async function sentFirstScreens(page: Page, named: Record<string, Locator>) {
  const seen: Record<string, unknown> = {};
  for (const phone of PHONES) {
    await resizeTo(page, phone);
    const text = await page.evaluate(() => document.body.innerText);
    seen[`${phone.width}x${phone.height}`] = {
      firstScreen: await seenWhole(page, named),
      underTheBar: await textUnderFixedBars(page),
      saidTwice: /Nadie ha confirmado/.test(text)
        ? ["'Nadie ha confirmado' under lines that each say 'sin confirmar'"]
        : [],
    };
  }
  return seen;
}

/** The link's look at rest, hovered, pressed and focused from the keyboard: its background, and whether a ring shows. */
async function looks(page: Page, link: Locator) {
  const look = () =>
    link.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        background: style.backgroundColor,
        ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
      };
    });
  await page.mouse.move(0, 0);
  const rest = await look();
  await link.hover();
  const hovered = await look();
  // Pressed, then the pointer leaves before it lets go: no chat opens.
  await page.mouse.down();
  const pressed = await look();
  await page.mouse.move(0, 0);
  await page.mouse.up();
  // Focus leaves the link (the press gave it focus), then comes back from the keyboard.
  await page.mouse.click(1, 1);
  for (let tab = 0; tab < 40 && !(await link.evaluate((element) => element === document.activeElement)); tab += 1)
    await page.keyboard.press('Tab');
  const focused = await look();
  await page.mouse.move(0, 0);
  return { rest, hovered, pressed, focused };
}

/** How many times the visible text says there is no connection. */
const saysNoConnection = async (page: Page) =>
  (await page.evaluate(() => document.body.innerText)).match(/Sin conexión/g)?.length ?? 0;

describe('the alert screen and its fixed FINALIZAR ALERTA bar', () => {
  it('says once and first that the alert waits for signal, with WhatsApp and the SMS above the bar, and no text under the bar, offline and sent, at 360x740, 390x844 and 412x915', async () => {
    const { context, page, contactEmail } = await personWithConfirmedContact(running.app, running.browser, 'barra');
    // Home fetches the list again, so this phone knows Jorge confirmed before the signal goes.
    await page.reload();
    await page.getByRole('link', { name: /^Jorge Paz \S+@/ }).waitFor();
    await context.setOffline(true);
    await sosButton(page).click();
    await page.waitForURL('**/web/active');
    const status = page.getByRole('status', { name: 'Estado de tu alerta' });
    await status.getByText(/se enviará automáticamente/).waitFor();
    await page.locator('#splash').waitFor({ state: 'detached' });

    const offline: Record<string, unknown> = {};
    for (const phone of PHONES) {
      await resizeTo(page, phone);
      offline[`${phone.width}x${phone.height}`] = {
        saidOnce: await saysNoConnection(page),
        firstScreen: await seenWhole(page, {
          status,
          whatsapp: page.getByRole('link', { name: 'Enviar por WhatsApp a Jorge Paz' }),
          sms: page.getByRole('link', { name: 'Enviar SMS a mis contactos' }),
        }),
        underTheBar: await textUnderFixedBars(page),
      };
    }
    // Said first: right under the title, above what the phone can send.
    const whatsappTop = (await page.getByRole('link', { name: 'Enviar por WhatsApp a Jorge Paz' }).boundingBox())?.y;
    const statusFirst = ((await status.boundingBox())?.y ?? Infinity) < (whatsappTop ?? -Infinity);

    await context.setOffline(false);
    await waitForMail(running.app.dataDir, { to: contactEmail, subject: /ALERTA SOS: .* está en riesgo/ });
    await status.getByText('Alerta enviada a tus contactos').waitFor({ timeout: 30_000 });
    const sent: Record<string, unknown> = {};
    for (const phone of PHONES) {
      await resizeTo(page, phone);
      sent[`${phone.width}x${phone.height}`] = { underTheBar: await textUnderFixedBars(page) };
    }

    expect({
      offline,
      sent,
      statusFirst,
    }).toEqual({
      offline: onEveryPhone({
        saidOnce: 1,
        firstScreen: { status: true, whatsapp: true, sms: true },
        underTheBar: [],
      }),
      sent: onEveryPhone({ underTheBar: [] }),
      statusFirst: true,
    });
    await endAlertAndWaitForMail(running.app, page, contactEmail);
    await context.close();
  });
  it('sent to one contact: the status, who got it, WhatsApp and the SMS whole above the bar, each said once, at 360x740, 390x844 and 412x915; WhatsApp and the SMS one colour each in every state, focus a ring', async () => {
    const { context, page, contactEmail, status, list, whatsapp, sms } = await sentAlert('enviada-uno', 1);
    const seen = await sentFirstScreens(page, { status, list, whatsapp: whatsapp[0]!, sms });
    await resizeTo(page, PHONES[0]);
    const whatsappLooks = await looks(page, whatsapp[0]!);
    const smsLooks = await looks(page, sms);
    const green = { background: 'rgb(7, 94, 84)', ring: false };
    const blue = { background: 'rgb(29, 78, 137)', ring: false };
    expect({ seen, whatsappLooks, smsLooks }).toEqual({
      seen: onEveryPhone({
        firstScreen: { status: true, list: true, whatsapp: true, sms: true },
        underTheBar: [],
        saidTwice: [],
      }),
      whatsappLooks: { rest: green, hovered: green, pressed: green, focused: { ...green, ring: true } },
      smsLooks: { rest: blue, hovered: blue, pressed: blue, focused: { ...blue, ring: true } },
    });
    await endAlertAndWaitForMail(running.app, page, contactEmail);
    await context.close();
  });

  it('sent to three contacts: the status, who got it, the three WhatsApp buttons and the SMS whole above the bar, at 360x740, 390x844 and 412x915', async () => {
    const { context, page, contactEmail, status, list, whatsapp, sms } = await sentAlert('enviada-tres', 3);
    const [jorge, ana, luis] = whatsapp;
    const seen = await sentFirstScreens(page, { status, list, jorge: jorge!, ana: ana!, luis: luis!, sms });
    expect(seen).toEqual(
      onEveryPhone({
        firstScreen: { status: true, list: true, jorge: true, ana: true, luis: true, sms: true },
        underTheBar: [],
        saidTwice: [],
      }),
    );
    await endAlertAndWaitForMail(running.app, page, contactEmail);
    await context.close();
  });
});
