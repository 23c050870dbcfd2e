import { expect, it } from 'vitest';
import { endNewsTexts } from '#shared/end-news-texts.ts';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { appDatabasePerFile, holdAlertStartTo } from '#test/support/app-database.ts';
import { waitForMail } from '#test/support/mailbox.ts';
import { alertMailsTo, mailsTo, personWithConfirmedContact, sosButton } from '#test/support/sos-flows.ts';

// After FINALIZAR ALERTA the person reads whether the alert had left for their contacts
// (docs/decisions/049): an SOS pressed offline and ended while still offline reaches the server as
// a start and an end moments apart; the real end withdraws the start that has not left, and the
// person is told, on the screen they are on, that their contacts received nothing. An end after
// the start left says the contacts were told of both.

const running = appAndChromiumPerFile();
const database = appDatabasePerFile(running);

/** The contact's alert rows in the outbox, kind and status, oldest first. */
async function outboxOf(contactEmail: string) {
  const { rows } = await database.client.query<{ kind: string; status: string }>(
    `select kind, status from outbox where recipient = $1 and alert_id is not null order by id`,
    [contactEmail],
  );
  return rows;
}

it('an SOS pressed and ended offline, reaching the server together: the person reads that nobody received anything, and nobody did', async () => {
  const { context, page, contactEmail } = await personWithConfirmedContact(running.app, running.browser, 'endnone');
  // The outbox has not reached the start when the end comes (which of the two the server does first
  // is otherwise a race the product allows): its first try is put off, for this contact's start only.
  const release = await holdAlertStartTo(database.client, contactEmail, 'endnone');
  try {
    await context.setOffline(true);
    await sosButton(page).click();
    await page.waitForURL('**/web/active');
    await page.getByRole('button', { name: 'FINALIZAR ALERTA' }).click();
    await page.waitForURL('**/web/home');
    // A test context has no Background Sync (test/support/sos-flows.ts): only the open app sends the end.
    await page
      .getByText(/el fin de tu alerta quedó guardado en este teléfono\. Mantén la aplicación abierta/)
      .waitFor();

    await context.setOffline(false);
    // Home says the truth once the end reached the server, without a reload; the line of the wait goes.
    await page.getByText(endNewsTexts.none).waitFor({ timeout: 90_000 });
    await expect.poll(() => page.getByText(/Mantén la aplicación abierta/).count(), { timeout: 30_000 }).toBe(0);
    expect(page.url()).toMatch(/\/web\/home$/);
  } finally {
    await release();
  }
  // Withdrawn: the start stays as a receipt, no end was queued, and no e-mail left.
  expect(await outboxOf(contactEmail)).toEqual([{ kind: 'alert-started', status: 'cancelled' }]);
  expect(await alertMailsTo(running.app, contactEmail)).toEqual([]);
  expect((await mailsTo(running.app, contactEmail)).filter((mail) => /alerta/i.test(mail.subject))).toEqual([]);
  await context.close();
}, 240_000);

it('an end after the start left: the person reads that the contacts had it and are told it ended', async () => {
  const { context, page, contactEmail } = await personWithConfirmedContact(running.app, running.browser, 'endall');
  await sosButton(page).click();
  await page.waitForURL('**/web/active');
  await waitForMail(running.app.dataDir, { to: contactEmail, subject: /está en riesgo/ }, 75_000);
  await page.getByRole('button', { name: 'FINALIZAR ALERTA' }).click();
  await page.waitForURL('**/web/home');
  await page.getByText(endNewsTexts.all).waitFor({ timeout: 30_000 });
  await expect.poll(() => page.getByText(endNewsTexts.none).count()).toBe(0);
  await waitForMail(running.app.dataDir, { to: contactEmail, subject: /finalizó su alerta SOS/ }, 75_000);
  // The outbox records a row as sent after the relay took it, so the e-mail can be there first.
  await expect
    .poll(() => outboxOf(contactEmail), { timeout: 30_000 })
    .toEqual([
      { kind: 'alert-started', status: 'sent' },
      { kind: 'alert-ended', status: 'sent' },
    ]);
  await context.close();
}, 240_000);
