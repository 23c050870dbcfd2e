import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runningEmbeddedPostgres } from '#server/db/embedded-postgres.ts';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { startApp, type RunningApp } from '#test/support/app-server.ts';
import { enrolledDeskDevice, staffCli } from '#test/support/desk-browser.ts';
import { MIAMI, personWithConfirmedContact, sosButton } from '#test/support/sos-flows.ts';
import { firmConsentTexts } from '#shared/api/firm-consent.ts';

// Two server instances on one PostgreSQL, as behind a load balancer: the client presses SOS through
// instance A, the responder's desk is open on instance B. The press reaches B's desk through
// PostgreSQL's LISTEN/NOTIFY (docs/desk.md, "What keeps the desk live"), without a reload, and
// 'Atender' on B reaches the client's screen served by A.

const both = appAndChromiumPerFile();
let b: RunningApp | undefined;

beforeAll(async () => {
  const a = both.app;
  const databaseUrl = await runningEmbeddedPostgres(a.dataDir);
  if (!databaseUrl) throw new Error('instance A holds no embedded PostgreSQL');
  // B shares A's database and its data folder (the secret and the written e-mails), as two
  // instances behind one load balancer share theirs.
  b = await startApp({ DATABASE_URL: databaseUrl, DATA_DIR: a.dataDir });
});

// Registered after the app's and the browser's, so it runs before them: B stops before A.
afterAll(async () => {
  await b?.stop();
});

describe('the desk across two server instances', () => {
  it('shows on a desk served by one instance a press made through the other, and its claim reaches the client', async () => {
    if (!b) throw new Error('started in beforeAll');
    const { app: a, browser } = both;
    // Every e-mail, whichever instance's sender wrote it, is in the one shared folder.
    const onB: RunningApp = { ...b, dataDir: a.dataDir };
    await staffCli(a, ['add', 'turno@firma.example', '--role', 'responder']);

    const desk = await enrolledDeskDevice(onB, browser, 'turno@firma.example');
    await desk.page.getByText('No hay alertas activas.').waitFor();

    const client = await personWithConfirmedContact(a, browser, 'dos-instancias');
    await client.page.goto(`${a.url}/web/profile`);
    const share = client.page.getByRole('switch', { name: 'Compartir mis alertas con IAD' });
    await share.click();
    await expect.poll(() => share.isChecked()).toBe(true);
    // The switch shows 'on' while its change is saved; leaving the page then could cut the save.
    await client.page.getByText(firmConsentTexts.savedOn('IAD')).waitFor();
    // The phone's own estimate of how far off its position may be travels with the press.
    await client.context.setGeolocation({ ...MIAMI, accuracy: 35 });
    await client.page.goto(`${a.url}/web/home`);

    const pressed = performance.now();
    await sosButton(client.page).click();
    const card = desk.page.getByRole('listitem').filter({ hasText: 'Elena dos-instancias' });
    await card.waitFor({ timeout: 30_000 });
    // The issue asks for the card within 2 s; on a shared machine that is a figure to read, not to assert.
    console.log(
      `desk on instance B showed the press made through A after ${Math.round(performance.now() - pressed)} ms`,
    );
    expect(await card.textContent()).toContain('Nadie la atiende todavía');
    await card.getByText(`${MIAMI.latitude}, ${MIAMI.longitude} (precisión ±35 m, hace menos de un minuto)`).waitFor();

    await card.getByRole('button', { name: 'Atender' }).click();
    await desk.page.getByRole('heading', { level: 1, name: 'Caso de Elena dos-instancias' }).waitFor();
    await client.page.getByText('IAD está atendiendo tu alerta').waitFor();

    await desk.context.close();
    await client.context.close();
  });
});
