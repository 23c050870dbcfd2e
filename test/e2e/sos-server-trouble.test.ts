import { afterAll, beforeAll, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { freePort } from '#test/support/app-server.ts';
import { launchSparticuzChromium, type TestBrowser } from '#test/support/chromium.ts';
import { startFaultProxy, type FaultProxy } from '#test/support/fault-proxy.ts';
import {
  alertMailsTo,
  allowBackgroundSync,
  expectBothInOrderOrNeither,
  personWithConfirmedContact,
  sosButton,
} from '#test/support/sos-flows.ts';

// The network is back but the server is not: a load balancer answers 503 for a
// while. The alert waits in the worker's queue, an end pressed meanwhile waits
// behind it, and both arrive once, in order, when the server answers again.
// The two then reach the server moments apart: a real end withdraws a start that has
// not left yet (src/server/alerts/withdraw-unsent.ts), so the contact hears of both,
// start first, or of neither, depending on whether the outbox took the start first.

const ACTIVE_BUTTON = '/api/active-button';

let proxyPort = 0;
let proxy: FaultProxy;
const running = appAndChromiumPerFile(async () => {
  proxyPort = await freePort();
  return { PUBLIC_URL: `http://127.0.0.1:${proxyPort}` };
});
/** Background Sync never fires here (Safari's case): only the app's own retries deliver. */
let withoutSync: TestBrowser;

beforeAll(async () => {
  [proxy, withoutSync] = await Promise.all([
    startFaultProxy({ port: running.app.port }, proxyPort),
    launchSparticuzChromium(),
  ]);
});

afterAll(async () => {
  await Promise.all([withoutSync?.browser.close(), proxy?.close()]);
});

it.each([
  ['with Background Sync', 'busy', () => running.browser, true],
  ['without Background Sync', 'busynosync', () => withoutSync.browser, false],
])(
  'keeps an alert queued while the server answers 503, queues FINALIZAR behind it, then delivers both once, in order (%s)',
  async (_name, tag, which, backgroundSync) => {
    const before = proxy.counts(ACTIVE_BUTTON);
    const { context, page, contactEmail } = await personWithConfirmedContact(running.app, which(), tag);
    const sync = backgroundSync ? await allowBackgroundSync(context, page) : undefined;
    // Refusing from before the press: the server never sees the alert before it is ready again.
    proxy.fail(ACTIVE_BUTTON, { status: 503 });
    await context.setOffline(true);
    await sosButton(page).click();
    await page.waitForURL('**/web/active');
    await page.getByText(/se enviará automáticamente/).waitFor();
    if (sync) await expect.poll(() => sync.sosSyncRegistered()).toBe(true);

    await context.setOffline(false);
    // The network is back: the worker tries, the server refuses, the alert stays queued.
    await expect.poll(() => proxy.counts(ACTIVE_BUTTON).failed, { timeout: 45_000 }).toBeGreaterThan(before.failed);
    await page.getByText(/se enviará automáticamente/).waitFor();
    expect(await alertMailsTo(running.app, contactEmail)).toHaveLength(0);

    // The person ends the alert while the start still waits: the end must not overtake it.
    await page.getByRole('button', { name: 'FINALIZAR ALERTA' }).click();
    await page.waitForURL('**/web/home');
    expect(proxy.counts(ACTIVE_BUTTON).passed).toBe(before.passed);

    proxy.fail(ACTIVE_BUTTON, null);
    await expectBothInOrderOrNeither(running.app, contactEmail, tag);
    await context.close();
  },
);
