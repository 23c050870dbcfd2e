import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { waitForMail } from '#test/support/mailbox.ts';
import { personWithConfirmedContact } from '#test/support/sos-flows.ts';
import { resizeTo } from '#test/support/viewport.ts';

// A contact who confirmed, then unsubscribed from their e-mail's link: the person's home
// and the contact's page say 'Dado de baja' alone, never beside a green 'Verificado', on
// three common phones.

const running = appAndChromiumPerFile();

const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 412, height: 915 },
];

describe('an unsubscribed contact', () => {
  it("shows 'Dado de baja' only, on home and on the contact's page, at 360x740, 390x844 and 412x915", async () => {
    const { context, page, contactEmail } = await personWithConfirmedContact(running.app, running.browser, 'baja');
    const invitation = await waitForMail(running.app.dataDir, {
      to: contactEmail,
      subject: /te agregó como contacto de emergencia/,
    });
    const unsubscribe = /(\S+\/web\/active\/unsubscribe\?token=[A-Za-z0-9_-]+)/.exec(invitation.text)?.[1];
    if (!unsubscribe) throw new Error('No unsubscribe link in the invitation');
    const contactPage = await context.newPage();
    await contactPage.goto(unsubscribe);
    // The press's own answer: any other call of the page answering first let the page close before it.
    const answered = contactPage.waitForResponse(
      (reply) => reply.url().endsWith('/api/unsubscribe') && reply.request().method() === 'POST',
    );
    await contactPage.getByRole('button', { name: 'Darme de baja' }).click();
    expect((await answered).status()).toBe(200);
    await contactPage.close();

    const seen: Record<string, unknown> = {};
    for (const phone of PHONES) {
      await resizeTo(page, phone);
      await page.goto(`${running.app.url}/web/home`);
      const card = page.getByRole('link', { name: /^Jorge Paz/ });
      await card.getByText(/Dado de baja/).waitFor();
      const cardText = (await card.textContent()) ?? '';
      await card.click();
      await page.getByRole('button', { name: 'Eliminar contacto' }).waitFor();
      const main = page.getByRole('main');
      await main.getByText(/Dado de baja/).waitFor();
      const detailText = (await main.textContent()) ?? '';
      seen[`${phone.width}x${phone.height}`] = {
        home: { unsubscribed: /Dado de baja/.test(cardText), verified: /Verificado/.test(cardText) },
        detail: { unsubscribed: /Dado de baja/.test(detailText), verified: /Verificado/.test(detailText) },
      };
    }
    const alone = { unsubscribed: true, verified: false };
    expect(seen).toEqual(
      Object.fromEntries(PHONES.map((phone) => [`${phone.width}x${phone.height}`, { home: alone, detail: alone }])),
    );
    await context.close();
  });
});
