import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { es } from '#shared/contact-texts/es.ts';
import { expectAccessible } from '#test/support/accessibility-checks.ts';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { readMailbox, waitForMail } from '#test/support/mailbox.ts';
import { mailsTo, personWithConfirmedContact } from '#test/support/sos-flows.ts';
import { resizeTo } from '#test/support/viewport.ts';

// 'Avísales si no vuelvo' in a real Chromium against the real server, with the
// grace period and the reminder shortened by configuration: the server fires a
// check-in nobody closed, with the app closed, and an 'Estoy bien' given
// offline reaches the server through the service worker's queue. No test waits
// for an hour, nor for the next whole minute: the phone's clock is set back
// while it chooses '1 hora' (chooseHourEndingSoon).

const root = path.resolve(import.meta.dirname, '../..');
const artifacts = path.join(root, 'artifacts');

// No grace, a reminder a minute before, and a look for due check-ins every second.
const env = appAndChromiumPerFile({
  CHECK_IN_GRACE_MINUTES: '0',
  CHECK_IN_REMINDER_MINUTES: '1',
  CHECK_IN_POLL_SECONDS: '1',
});

beforeAll(async () => {
  await mkdir(artifacts, { recursive: true });
});

const HOUR_MS = 60 * 60_000;

// How far ahead the deadline falls: room for the form's accessibility check and screenshot, and
// the answer on a busy machine, before the server would refuse a deadline already past.
const DUE_LEAD_MS = 20_000;

/**
 * '1 hora' on a phone whose clock is `leadMs` short of an hour behind the server's: the
 * deadline it sends falls `leadMs` from now on the server's clock, which alone decides the
 * firing. The phone keeps its clock (time flows on from there) until `catchUp`.
 */
async function chooseHourEndingSoon(page: Page, leadMs: number) {
  await page.clock.install();
  await page.clock.setSystemTime(Date.now() - HOUR_MS + leadMs);
  await page.getByRole('radio', { name: '1 hora' }).check();
}

/** The phone's clock right again: jumped forward to the real time, its due timers run. */
async function catchUp(page: Page) {
  const behindMs = Date.now() - (await page.evaluate(() => Date.now()));
  await page.clock.fastForward(Math.max(0, Math.round(behindMs)));
}

describe("'Avísales si no vuelvo'", () => {
  it('fires by itself after the deadline with the app closed: the chosen contact gets the packet and the locator steps', async () => {
    const { app, browser } = env;
    const { context, page, contactEmail } = await personWithConfirmedContact(app, browser, 'aviso');

    // 'Si me detienen', filled in profile, and the contact chosen to receive it.
    await page.getByRole('link', { name: 'Perfil' }).click();
    const detention = page.getByRole('region', { name: 'Si me detienen' });
    await detention.getByLabel('Nombre legal completo').fill('Elena Aviso Morales');
    await detention.getByLabel('Número A (A-number)').fill('A123456789');
    await detention.getByLabel('País de nacimiento').selectOption({ label: 'Honduras' });
    await detention.getByRole('button', { name: 'Guardar información' }).click();
    await page.getByText('Información guardada.').waitFor();
    await expectAccessible(page, 'profile with Si me detienen and the PINs');
    await page.getByRole('link', { name: 'Inicio' }).click();
    await page.getByRole('link', { name: /^Jorge Paz \S+@/ }).click();
    await page
      .getByRole('checkbox', { name: 'Enviarle mi información «Si me detienen» cuando haya una alerta' })
      .click();
    await page.getByText('Este contacto recibirá tu información de detención en tus alertas.').waitFor();
    await page.getByRole('link', { name: 'Inicio' }).click();

    await page.getByRole('link', { name: 'Avísales si no vuelvo' }).click();
    await page.waitForURL('**/web/check-in');
    await page.getByRole('radio', { name: 'Cita de inmigración' }).check();
    await page.getByLabel('¿Dónde? (opcional)').fill('Oficina de Miami');
    // Home, still on the phone's clock, counts an hour down while it is checked below.
    await chooseHourEndingSoon(page, DUE_LEAD_MS);
    await expectAccessible(page, 'check-in form');
    await page.screenshot({ path: path.join(artifacts, 'check-in-form-390x844.png'), fullPage: true });
    // Counted before the deadline can pass: the server may fire while home is checked below.
    const before = (await readMailbox(app.dataDir)).length;
    await page.getByRole('button', { name: 'Activar aviso' }).click();

    await page.waitForURL('**/web/home');
    const running = page.getByRole('region', { name: 'Aviso en curso' });
    await running.getByText('Cita de inmigración · Oficina de Miami').waitFor();
    await running.getByRole('button', { name: 'Estoy bien' }).waitFor();
    await expectAccessible(page, 'home with a running check-in');
    await resizeTo(page, { width: 360, height: 740 });
    await running.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(artifacts, 'check-in-on-home-360x740.png') });

    // The app is closed: only the server can fire now.
    await page.close();
    const mail = await waitForMail(
      app.dataDir,
      { to: contactEmail, subject: /^ALERTA: Elena aviso no confirmó que está bien$/, after: before },
      150_000,
    );
    expect(mail.text).toMatch(
      /no confirmó que está bien después de su cita de inmigración en Oficina de Miami, prevista hasta las \d\d:\d\d/,
    );
    // The last position the app sent while the check-in ran (geolocation allowed: Miami).
    expect(mail.text).toContain(`${es.missedLastPosition}\nDónde: latitud 25.7617, longitud -80.1918`);
    expect(mail.text).toContain(es.stepsHeading);
    // What the locator asks for, ready to type: the A-number in its 9-digit form.
    // The country in the reader's words, then the name to pick in the locator's English list.
    const honduras = es.locatorCountry('Honduras', 'Honduras');
    expect(mail.text).toContain(
      `${es.locatorAsks('Elena aviso')}\n- ${es.locatorByNumber('123456789', honduras)}\n- ${es.locatorByName('Elena Aviso Morales', honduras)}`,
    );
    expect(mail.text).toContain(es.stepSearchNumber('123456789'));
    expect(mail.html).not.toMatch(/<img[^>]+src="https?:/);
    // Fired once.
    expect(
      (await mailsTo(app, contactEmail)).filter((each) => /no confirmó que está bien/.test(each.subject)),
    ).toHaveLength(1);

    // Reopened, the app is on the alert screen, which says why the alert went out.
    const reopened = await context.newPage();
    await reopened.goto(`${app.url}/web/home`);
    await reopened.waitForURL('**/web/active');
    await reopened
      .getByText(
        'Esta alerta se envió porque no confirmaste que estabas bien después de: Cita de inmigración (Oficina de Miami).',
      )
      .waitFor({ timeout: 30_000 });
    await expectAccessible(reopened, 'alert screen of a missed check-in');
    await reopened.screenshot({ path: path.join(artifacts, 'missed-check-in-active-390x844.png'), fullPage: true });
    await context.close();
  }, 240_000);

  it('switches the open app to the alert screen within seconds of the firing', async () => {
    const { app, browser } = env;
    const { context, page, contactEmail } = await personWithConfirmedContact(app, browser, 'abierta');
    await resizeTo(page, { width: 360, height: 740 });
    await page.getByRole('link', { name: 'Avísales si no vuelvo' }).click();
    await page.getByRole('radio', { name: 'Trabajo' }).check();
    await chooseHourEndingSoon(page, DUE_LEAD_MS);
    const before = (await readMailbox(app.dataDir)).length;
    await page.getByRole('button', { name: 'Activar aviso' }).click();
    await page.waitForURL('**/web/home');
    const running = page.getByRole('region', { name: 'Aviso en curso' });
    await running.getByText('Tiempo restante:').waitFor();
    await catchUp(page);

    // The app stays open on home while the deadline passes and the server fires. (What home says in
    // between, the overdue notice and no time left, is the client test's: here it may last a second.)
    await waitForMail(app.dataDir, { to: contactEmail, subject: /no confirmó que está bien$/, after: before }, 150_000);
    await page.waitForURL('**/web/active', { timeout: 30_000 });
    await page.getByText('Alerta enviada a tus contactos').waitFor({ timeout: 30_000 });
    await page
      .getByText('Esta alerta se envió porque no confirmaste que estabas bien después de: Trabajo.')
      .waitFor({ timeout: 30_000 });
    await context.close();
  }, 240_000);

  it("takes 'Estoy bien' offline and delivers it once the network returns; nobody is warned", async () => {
    const { app, browser } = env;
    const { context, page, contactEmail } = await personWithConfirmedContact(app, browser, 'bien');
    await page.getByRole('link', { name: 'Avísales si no vuelvo' }).click();
    await page.getByRole('radio', { name: 'Trabajo' }).check();
    await page.getByRole('radio', { name: '1 hora' }).check();
    await page.getByRole('button', { name: 'Activar aviso' }).click();
    await page.waitForURL('**/web/home');
    const running = page.getByRole('region', { name: 'Aviso en curso' });
    await running.getByText(/^(59 min|1 h 00 min)$/).waitFor();

    await context.setOffline(true);
    await running.getByRole('button', { name: 'Estoy bien' }).click();
    await running.getByText(/^Sin conexión: enviaremos tu «Estoy bien» en cuanto haya señal/).waitFor();
    await page.screenshot({ path: path.join(artifacts, 'check-in-ok-offline-390x844.png') });

    await context.setOffline(false);
    await page.getByRole('link', { name: 'Avísales si no vuelvo' }).waitFor({ timeout: 30_000 });
    await page.reload();
    await page.getByRole('link', { name: 'Avísales si no vuelvo' }).waitFor();
    expect(await page.getByRole('region', { name: 'Aviso en curso' }).count()).toBe(0);
    // After the reload home asked the server again (a restored cache is stale): no check-in runs there.
    expect((await mailsTo(app, contactEmail)).filter((mail) => /ALERTA/.test(mail.subject))).toEqual([]);
    await context.close();
  });
});
