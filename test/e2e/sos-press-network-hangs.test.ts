import { afterAll, beforeAll, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { freePort } from '#test/support/app-server.ts';
import { startFaultProxy, type FaultProxy } from '#test/support/fault-proxy.ts';
import { waitForMail } from '#test/support/mailbox.ts';
import { alertMailsTo, personWithConfirmedContact, sosButton } from '#test/support/sos-flows.ts';
import { appStarted } from '#test/support/app-started.ts';

// A phone loses its signal the worst way: what it had asked for gets no answer, no error either.
// A press then must be answered on screen as the product promises (the alert screen within a
// second, the worker's 'queued' within its own network limit), never behind a request that will
// never come back, and the alert must still reach the contact once the network is back.

const API = '/api/';
const WAITING = /se enviará automáticamente/;
/**
 * The press's whole answer, from the click: the worker (or, without one, the page) gives the
 * network SOS_NETWORK_TIMEOUT_MS, and a loaded machine a little more. Under the page's own
 * HTTP_TIMEOUT_MS, so an answer that only came from the page giving up on a silent worker or a
 * silent network fails here, as would a fetch, a lock or a wait left hanging for tens of seconds.
 */
const ANSWERED_MS = 8_000;

let proxyPort = 0;
let proxy: FaultProxy;
const running = appAndChromiumPerFile(async () => {
  proxyPort = await freePort();
  return { PUBLIC_URL: `http://127.0.0.1:${proxyPort}` };
});

beforeAll(async () => {
  proxy = await startFaultProxy({ port: running.app.port }, proxyPort);
});

afterAll(async () => {
  await proxy?.close();
});

it.each([
  ['the network then drops', 'hungdrop', true, 'allow'],
  ['the network stays silent, the press included', 'hungsilent', false, 'allow'],
  // A first visit or a browser that refused the worker: the page keeps the alert itself, as soon.
  ['the network stays silent, and no worker controls the page', 'hungnoworker', false, 'block'],
] as const)(
  'answers an SOS pressed while the app waits on requests that never come back, and delivers it once (%s)',
  async (_name, tag, drops, serviceWorkers) => {
    const { context, page, contactEmail } = await personWithConfirmedContact(
      running.app,
      running.browser,
      tag,
      undefined,
      { serviceWorkers },
    );
    proxy.fail(API, { hold: true });
    // The app opened in the dead spot: home comes from the worker (or the server), its own requests hang.
    await page.reload();
    await expect.poll(() => proxy.heldNow(API), { timeout: 30_000 }).toBeGreaterThan(0);
    // The limit is the press's answer: a tap on the early home would also wait for the app to start.
    await appStarted(page);
    if (drops) await context.setOffline(true);

    const pressed = Date.now();
    await sosButton(page).click();
    // One limit for the whole answer, counted from the press.
    await page.getByText(WAITING).waitFor({ timeout: ANSWERED_MS - (Date.now() - pressed) });
    expect(new URL(page.url()).pathname).toBe('/web/active');
    // The one next step the phone itself can take while the alert waits.
    await page.getByRole('link', { name: 'Enviar SMS a mis contactos' }).waitFor();
    expect(await alertMailsTo(running.app, contactEmail)).toEqual([]);

    proxy.fail(API, null);
    if (drops) await context.setOffline(false);
    await waitForMail(running.app.dataDir, { to: contactEmail, subject: /está en riesgo$/ });
    await page.getByText('Alerta enviada a tus contactos').waitFor({ timeout: 60_000 });
    expect((await alertMailsTo(running.app, contactEmail)).map((mail) => mail.subject)).toEqual([
      `ALERTA SOS: Elena ${tag} está en riesgo`,
    ]);
    await context.close();
  },
);
