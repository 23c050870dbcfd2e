import { expect, it } from 'vitest';
import { endNewsTexts } from '#shared/end-news-texts.ts';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { appDatabasePerFile, holdAlertStartTo } from '#test/support/app-database.ts';
import { alertMailsTo, allowBackgroundSync, personWithConfirmedContact, sosButton } from '#test/support/sos-flows.ts';

// An end queued on the phone whose answer came after the page had closed (Background Sync sent it,
// with no page open): the next open of the app says on home, once, what that end told the person
// (docs/decisions/051), in the words an end answered at once shows, and never again after that.

const running = appAndChromiumPerFile();
const database = appDatabasePerFile(running);

/** The person's alerts as the server has them: status, what the end told, and whether the app showed it. */
async function alertsOf(email: string) {
  const { rows } = await database.client.query<{ status: string; end_news: string | null; seen: boolean }>(
    `select a.status, a.end_news, a.end_news_seen_at is not null as seen
     from alerts a join users u on u.id = a.user_id where u.email = $1`,
    [email],
  );
  return rows;
}

it('an SOS pressed and ended offline, the app closed, sent by Background Sync: the next open says once on home that nobody received anything', async () => {
  const { context, page, contactEmail, email } = await personWithConfirmedContact(
    running.app,
    running.browser,
    'endclosed',
  );
  const sync = await allowBackgroundSync(context, page);
  // The outbox has not reached the start when the end comes (otherwise a race the product allows):
  // its first try is put off, for this contact's start only.
  const release = await holdAlertStartTo(database.client, contactEmail, 'endclosed');
  try {
    await context.setOffline(true);
    await sosButton(page).click();
    await page.waitForURL('**/web/active');
    await expect.poll(() => sync.sosSyncRegistered()).toBe(true);
    await page.getByRole('button', { name: 'FINALIZAR ALERTA' }).click();
    await page.waitForURL('**/web/home');
    await page.close();

    // No page is open: only the browser's Background Sync can send the press and its end.
    await context.setOffline(false);
    await expect
      .poll(() => alertsOf(email), { timeout: 90_000 })
      .toEqual([{ status: 'ended', end_news: 'none', seen: false }]);
  } finally {
    await release();
  }

  const reopened = await context.newPage();
  await reopened.goto(`${running.app.url}/web/home`);
  const news = reopened.getByText(endNewsTexts.none);
  await news.waitFor({ timeout: 30_000 });
  expect(await news.count()).toBe(1);
  // The box of bad news, as after an end answered at once.
  expect(await reopened.locator('.toast', { has: news }).getAttribute('class')).toMatch(/warning/);
  // The app told the server it was shown.
  await expect
    .poll(() => alertsOf(email), { timeout: 30_000 })
    .toEqual([{ status: 'ended', end_news: 'none', seen: true }]);

  // Opened again: the status carries nothing more, and home says nothing of it.
  const status = reopened.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/alert-deliveries' && response.status() === 200,
  );
  await reopened.reload();
  expect(((await (await status).json()) as { message: { end_news: unknown } }).message.end_news).toBeNull();
  await sosButton(reopened).waitFor();
  await reopened.getByRole('link', { name: 'Probar alerta' }).waitFor();
  expect(await reopened.getByText(endNewsTexts.none).count()).toBe(0);
  // Nobody heard of the alert: its start was withdrawn with the end.
  expect(await alertMailsTo(running.app, contactEmail)).toEqual([]);
  await context.close();
}, 300_000);
