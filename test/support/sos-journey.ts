import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startApp, type RunningApp } from './app-server.ts';
import { startCuttableProxy, type CuttableProxy } from './cuttable-proxy.ts';
import type { Engine, EngineLauncher, EngineWindow } from './engines/engine.ts';
import {
  ERROR_TRAP_PATH,
  ERROR_TRAP_SOURCE,
  READ_SESSION_IN_PAGE_AND_WORKER,
  STORED_TEXT,
  WORKER_HOOK_SOURCE,
} from './engines/page-hooks.ts';
import { choose, click, fill, waitFor, waitForPath } from './engines/page-queries.ts';
import { codeFrom, readMailbox, waitForMail, type ReceivedMail } from './mailbox.ts';

// DESIGN.md section 3, the SOS promise, as one person lives it, in any engine:
// signed up through the screens, a contact who accepted, then alerts pressed with
// and without network, the page open or closed. The network is cut by closing the
// proxy in front of the app, which takes it from the page and its worker alike.

const ARTIFACTS = path.resolve(import.meta.dirname, '../../artifacts');
const SOS = /^SOS: avisar a mis contactos$/;
const WAITING = /se enviará automáticamente/;
const END = /^FINALIZAR ALERTA$/;
/** WebKit's only triggers after the network returns are timers (the page's 5 s, 15 s... backoff). */
const DELIVERY_MS = 60_000;

/** The journey's steps in one test (it passes alone); a failure names its step. */
async function step(name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Error) error.message = `${name}: ${error.message}`;
    throw error;
  }
}

const startsTo = (mails: ReceivedMail[], to: string) =>
  mails.filter((mail) => mail.to.includes(to) && /está en riesgo$/.test(mail.subject));

/** Since mail number `after`: one start to `to`, and its end after it. */
async function expectOneStartThenEnd(app: RunningApp, to: string, after: number, ended: ReceivedMail): Promise<void> {
  const mails = (await readMailbox(app.dataDir)).slice(after).filter((mail) => mail.to.includes(to));
  const starts = startsTo(mails, to);
  expect(starts.map((mail) => mail.subject)).toHaveLength(1);
  expect(mails.indexOf(starts[0]!)).toBeLessThan(mails.findIndex((mail) => mail.file === ended.file));
}

/** No e-mail, name or token in clear in localStorage or IndexedDB, as DevTools would show them. */
async function expectNothingInClear(win: EngineWindow, secrets: string[]): Promise<string> {
  const stored = await win.run<string>(STORED_TEXT);
  expect(stored).toContain('sos-v8');
  for (const secret of secrets) {
    expect(secret.length).toBeGreaterThan(3);
    expect(stored).not.toContain(secret);
  }
  expect(stored).not.toMatch(/access_token|refresh_token|authorization|bearer/i);
  return stored;
}

async function waitForWorkerControl(win: EngineWindow): Promise<void> {
  await win.run(`
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  `);
}

/** The journey of DESIGN.md section 3's promise in one engine, or a skip that says why. */
export function describeSosJourney(launcher: EngineLauncher, tag: string): void {
  const missing = launcher.missing();
  if (missing) {
    console.log(`SOS journey in ${launcher.name}: SKIPPED, ${missing}`);
    describe.skip(`the SOS promise in ${launcher.name} (skipped: ${missing})`, () => {
      it('seven points', () => undefined);
    });
    return;
  }

  describe(`the SOS promise in ${launcher.name}`, () => {
    let proxy: CuttableProxy;
    let app: RunningApp;
    let engine: Engine;

    beforeAll(async () => {
      proxy = await startCuttableProxy({
        workerScript: WORKER_HOOK_SOURCE,
        headScripts: launcher.needsErrorTrap ? { [ERROR_TRAP_PATH]: ERROR_TRAP_SOURCE } : {},
      });
      [app, engine] = await Promise.all([startApp({ PUBLIC_URL: proxy.url }), launcher.launch()]);
      proxy.setTarget(app.port);
    });

    afterAll(async () => {
      await engine?.close();
      await app?.stop();
      await proxy?.close();
    });

    it('signs up, reopens offline, and delivers every alert once, page open or closed, without waiting for a position', async () => {
      const started = Date.now();
      let outcome = 'failed';
      onTestFinished(() => {
        const seconds = Math.round((Date.now() - started) / 1000);
        console.log(
          `SOS journey in ${engine.name}: ran, ${outcome} in ${seconds} s; screenshots artifacts/journey-${tag}-active*.png`,
        );
      });
      const base = proxy.url;
      const email = `${tag}@example.org`;
      const contactEmail = `${tag}-contacto@example.org`;
      const mailCount = async () => (await readMailbox(app.dataDir)).length;
      await mkdir(ARTIFACTS, { recursive: true });
      const profile = await engine.newProfile();
      let win = await profile.openWindow();
      const offline = async (cut: boolean) => {
        if (cut) await proxy.cut();
        else await proxy.restore();
        await profile.emulateOffline(cut);
      };

      await step('1. sign-up through the screens and a contact who accepts from the e-mail', async () => {
        await win.goto(`${base}/web/auth/signin`);
        // Signin is painted from the HTML, and the app takes it over a moment later: a person types and
        // presses on whichever is there (held-signin-press.test.ts holds the takeover back on purpose).
        await fill(win, { field: /correo/i }, email);
        const before = await mailCount();
        await click(win, { button: /^Continuar$/ });
        // A press on the HTML's copy leaves when the app has started, slow at an engine's first start under load.
        await waitForPath(win, '/web/auth/verify', 90_000);
        const code = codeFrom(
          await waitForMail(app.dataDir, { to: email, subject: /Tu código de acceso/, after: before }),
        );
        await click(win, { field: /dígito 1/i });
        await win.keys(code);
        await waitForPath(win, '/web/auth/signup');
        await fill(win, { field: /^Nombres/ }, 'Elena');
        await fill(win, { field: /^Apellidos/ }, tag);
        await fill(win, { field: /^Teléfono/ }, '2025550143');
        await click(win, { button: /términos y condiciones/i });
        await click(win, { button: /^Aceptar$/, dialog: /términos y condiciones/i });
        await click(win, { button: /registr|crear cuenta/i });
        await waitForPath(win, '/web/auth/contacts');
        await waitFor(win, { text: /Agrega tu primer contacto de emergencia/ });
        await fill(win, { field: /^Nombres/ }, 'Jorge');
        await fill(win, { field: /^Apellidos/ }, 'Paz');
        await fill(win, { field: /^Correo electrónico/ }, contactEmail);
        await fill(win, { field: /^Teléfono/ }, '3055550100');
        await choose(win, { field: /^Parentesco/ }, 'Hermano');
        await click(win, { button: /^Guardar contacto$/ });
        await click(win, { button: /^Ir al inicio$/, dialog: /¡Felicidades!/ });
        await click(win, { button: /^Ahora no$/ });
        await waitForPath(win, '/web/home');

        const invitation = await waitForMail(app.dataDir, {
          to: contactEmail,
          subject: /te agregó como contacto de emergencia/,
        });
        const link = /https?:\/\/\S+\/web\/active\/verify\/[A-Za-z0-9_-]+/.exec(invitation.text)?.[0];
        expect(link?.startsWith(`${base}/web/active/verify/`)).toBe(true);
        const contact = await engine.newProfile();
        const contactWindow = await contact.openWindow();
        await contactWindow.goto(link!);
        await click(contactWindow, { button: /^Aceptar$/, dialog: /términos y condiciones/i });
        await waitForPath(contactWindow, '/web/active/accept');
        await waitFor(contactWindow, { text: /formas parte de los contactos de emergencia/ });
        await contact.close();
      });

      let secrets: string[] = [];
      await step('6. state encrypted at rest, and the same session for the page and the worker', async () => {
        await waitForWorkerControl(win);
        secrets = [email, 'Elena', contactEmail, 'Jorge'];
        await expectNothingInClear(win, secrets);
        const { page, worker } = await win.run<{ page: { auth: Record<string, unknown> } | null; worker: unknown }>(
          READ_SESSION_IN_PAGE_AND_WORKER,
        );
        expect(page?.auth).toMatchObject({ email, firstname: 'Elena', lastname: tag, alert_status: false });
        expect(worker).toEqual({ session: page });
        secrets.push(String(page?.auth.access_token), String(page?.auth.refresh_token));
        await expectNothingInClear(win, secrets);
      });

      await step('5. an unanswered location prompt does not hold the alert back', async () => {
        const before = await mailCount();
        await click(win, { button: SOS });
        await waitForPath(win, '/web/active');
        const alert = await waitForMail(app.dataDir, {
          to: contactEmail,
          subject: new RegExp(`ALERTA SOS: Elena ${tag} está en riesgo`),
          after: before,
        });
        expect(alert.text).not.toMatch(/latitud|openstreetmap/);
        // Nobody answered the question (WebKit's driver cannot; the others are not told to).
        expect(await win.run(`return (await navigator.permissions.query({ name: 'geolocation' })).state`)).not.toBe(
          'granted',
        );
        await click(win, { button: END });
        await waitForPath(win, '/web/home');
        const ended = await waitForMail(app.dataDir, {
          to: contactEmail,
          subject: /finalizó su alerta SOS/,
          after: before,
        });
        await expectOneStartThenEnd(app, contactEmail, before, ended);
      });

      await step('2. the app reopens with no network, from the worker', async () => {
        await offline(true);
        await win.goto(`${base}/web/home`);
        await waitFor(win, { button: SOS });
      });

      await step(
        '3. pressed offline, page open: the screen says it will go, the start arrives once, then the end',
        async () => {
          const before = await mailCount();
          await click(win, { button: SOS });
          await waitForPath(win, '/web/active');
          await waitFor(win, { text: WAITING });
          await win.screenshot(path.join(ARTIFACTS, `journey-${tag}-active-offline.png`));
          expect(await mailCount()).toBe(before);
          // WebKit never learns of the outage (nor, later, of the return): what delivers there is the
          // page's backoff timer, a start of the app or of the worker, never an `online` event.
          expect(await win.run('return navigator.onLine')).toBe(!engine.onlineEvents);
          // What waits in the worker's queue is no more readable than the rest: its body sealed
          // with the device key (no field of it in clear), only the entry's own marks beside it.
          const queued = await expectNothingInClear(win, secrets);
          expect(queued).toContain('workbox-background-sync/requests');
          expect(queued).toMatch(/"alertStatus":"1","userId":"[^"]+","sealed":true/);
          expect(queued).not.toMatch(/alert_status|latitude|timezone|pressed_at/);
          await offline(false);
          // The start leaves before the end is pressed: a real end that reaches the server before its
          // start has left withdraws both (src/server/alerts/withdraw-unsent.ts), and the contact would
          // hear of neither. An end queued behind its start is sos-server-trouble.test.ts's case.
          await waitForMail(app.dataDir, { to: contactEmail, subject: /está en riesgo/, after: before }, DELIVERY_MS);
          await click(win, { button: END });
          await waitForPath(win, '/web/home');
          const ended = await waitForMail(
            app.dataDir,
            { to: contactEmail, subject: /finalizó su alerta SOS/, after: before },
            DELIVERY_MS,
          );
          await expectOneStartThenEnd(app, contactEmail, before, ended);
          // Another start of the app replays again: nothing more may go out (checked again at the end).
          await win.goto(`${base}/web/home`);
          await waitFor(win, { button: SOS });
          await expectOneStartThenEnd(app, contactEmail, before, ended);
        },
      );

      await step('4. pressed offline, page closed, app reopened online: delivered once', async () => {
        const before = await mailCount();
        await offline(true);
        await click(win, { button: SOS });
        await waitForPath(win, '/web/active');
        await waitFor(win, { text: WAITING });
        // A profile keeps a window (WebKit ends its session with the last one): the next one opens blank first.
        const later = await profile.openWindow();
        await win.close();
        await offline(false);
        win = later;
        await win.goto(`${base}/web/home`);
        await waitForPath(win, '/web/active');
        await waitForMail(app.dataDir, { to: contactEmail, subject: /está en riesgo$/, after: before }, DELIVERY_MS);
        await waitFor(win, { text: /Alerta enviada a tus contactos/ });
        await win.screenshot(path.join(ARTIFACTS, `journey-${tag}-active.png`));
        await click(win, { button: END });
        await waitForPath(win, '/web/home');
        const ended = await waitForMail(app.dataDir, {
          to: contactEmail,
          subject: /finalizó su alerta SOS/,
          after: before,
        });
        await expectOneStartThenEnd(app, contactEmail, before, ended);
        // Three presses, three starts: the replays since (worker starts, page starts, timers) sent none again.
        expect(startsTo(await readMailbox(app.dataDir), contactEmail)).toHaveLength(3);
      });

      await step('7. no console error in any page', async () => {
        await profile.close();
        expect(await engine.consoleErrors()).toEqual([]);
      });
      outcome = 'passed';
    }, 300_000);
  });
}
