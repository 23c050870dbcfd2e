import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import type { RunningApp } from '#test/support/app-server.ts';
import { phonePage } from '#test/support/browser-flows.ts';
import { startCuttableProxy, type CuttableProxy } from '#test/support/cuttable-proxy.ts';
import { enrolledDeskDevice, staffCli } from '#test/support/desk-browser.ts';
import { waitForMail } from '#test/support/mailbox.ts';
import { personWithConfirmedContact, sosButton } from '#test/support/sos-flows.ts';
import { firmConsentTexts } from '#shared/api/firm-consent.ts';

// A reconnecting desk misses nothing. A responder's desk reaches the app through a
// loopback proxy the test switches off (open connections drop, new ones are refused: the network
// gone, as Chromium's own offline mode does not do to a stream already open); a consenting client,
// who reaches the app directly, presses SOS meanwhile. When the network comes back the desk opens
// its live link again, shows the alert without a reload, and keeps up with what follows.

let proxy: CuttableProxy | undefined;
// Registered before the app's and the browser's, so it runs after them: the proxy closes last.
afterAll(async () => {
  await proxy?.close();
});
const both = appAndChromiumPerFile(async () => {
  proxy = await startCuttableProxy();
  // The desk is on localhost (passkeys refuse an IP address), at the proxy's port.
  return { PUBLIC_URL: `http://localhost:${new URL(proxy.url).port}` };
});
beforeAll(() => proxy?.setTarget(both.app.port));

describe('a desk that lost its connection', () => {
  it('shows, once back, the alert pressed while it was away, and stays live afterwards', async () => {
    if (!proxy) throw new Error('started in beforeAll');
    const { app, browser } = both;
    // The desk's way to the app is the proxy; the client's is direct, untouched by the cut.
    const viaProxy: RunningApp = { ...app, port: Number(new URL(proxy.url).port) };
    const direct: RunningApp = { ...app, url: `http://127.0.0.1:${app.port}` };
    await staffCli(app, ['add', 'noche@firma.example', '--role', 'responder']);
    const desk = await enrolledDeskDevice(viaProxy, browser, 'noche@firma.example');
    await desk.page.getByText('No hay alertas activas.').waitFor();
    await desk.page.evaluate(() => (document.body.dataset.sameDocument = 'yes'));
    const streams: string[] = [];
    desk.page.on('request', (request) => {
      if (request.url().endsWith('/api/desk/stream')) streams.push(request.url());
    });

    const client = await personWithConfirmedContact(direct, browser, 'mientras');
    await client.page.goto(`${direct.url}/web/profile`);
    const share = client.page.getByRole('switch', { name: 'Compartir mis alertas con IAD' });
    await share.click();
    await expect.poll(() => share.isChecked()).toBe(true);
    // The switch shows 'on' while its change is saved; leaving the page then could cut the save.
    await client.page.getByText(firmConsentTexts.savedOn('IAD')).waitFor();
    await client.page.goto(`${direct.url}/web/home`);

    // The desk's network goes: its live link drops, and it says so.
    await proxy.cut();
    const linkDown = desk.page.getByRole('status').filter({ hasText: 'Sin conexión en vivo: reconectando…' });
    await linkDown.waitFor({ timeout: 30_000 });

    // The press lands on the server (the contact's e-mail leaves) while the desk is away.
    await sosButton(client.page).click();
    await client.page.getByRole('heading', { name: 'Alerta activa' }).waitFor();
    const mail = await waitForMail(app.dataDir, {
      to: client.contactEmail,
      subject: /^ALERTA SOS: Elena mientras está en riesgo$/,
    });
    expect(await desk.page.getByRole('listitem').filter({ hasText: 'Elena mientras' }).count()).toBe(0);

    // Back: the card is there, with no reload, and the live link is up again.
    await proxy.restore();
    const card = desk.page.getByRole('listitem').filter({ hasText: 'Elena mientras' });
    await card.waitFor({ timeout: 30_000 });
    await linkDown.waitFor({ state: 'detached', timeout: 30_000 });
    expect(streams.length).toBeGreaterThanOrEqual(1);
    expect(await card.textContent()).toContain('Nadie la atiende todavía');
    expect(await desk.page.evaluate(() => document.body.dataset.sameDocument)).toBe('yes');

    // And it keeps up: the contact says 'Lo tengo', and the card shows it.
    const link = /(https?:\/\/\S+\/web\/active\/ack\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    const contact = await phonePage(browser);
    await contact.page.goto(link!);
    await contact.page.getByRole('button', { name: 'Lo tengo' }).click();
    await contact.page.getByText(/ya sabe que recibiste su alerta/).waitFor();
    await card.getByText('Jorge Paz: dijo «Lo tengo»').waitFor({ timeout: 30_000 });

    for (const context of [desk.context, client.context, contact.context]) await context.close();
  });
});
