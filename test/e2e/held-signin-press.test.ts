import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '#test/support/app-server.ts';
import { startCuttableProxy } from '#test/support/cuttable-proxy.ts';
import { chromiumLauncher } from '#test/support/engines/chromium-engine.ts';
import type { EngineLauncher } from '#test/support/engines/engine.ts';
import { firefoxLauncher } from '#test/support/engines/firefox-engine.ts';
import { ERROR_TRAP_PATH, ERROR_TRAP_SOURCE } from '#test/support/engines/page-hooks.ts';
import { click, fill, waitFor, waitForPath } from '#test/support/engines/page-queries.ts';
import { webkitLauncher } from '#test/support/engines/webkit-engine.ts';
import { readMailbox, waitForMail } from '#test/support/mailbox.ts';

// Signin is painted from the HTML before the app's code runs, and a person on a slow phone types and
// presses 'Continuar' on that copy. The page holds the press and sends it once the app has the form
// (src/client/vite-plugins/public-screens.ts). Here in each engine a person does so, through the same
// drivers as the SOS journey, while the signin screen's code is held on the way: the page has loaded,
// the app has started, and only the screen it must draw is missing, as on a phone that is slow to get it.

/** The signin screen's code chunk (Vite names it by the module, signin-screen.tsx). */
const SIGNIN_CODE = /\/build\/assets\/signin-screen-[\w-]+\.js$/;

/** Page script body: the screen as it stands, and whether the app (React) drew its 'Continuar'. */
const SCREEN = `
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Continuar');
  return {
    path: location.pathname,
    appDrewContinuar: !!button && Object.keys(button).some((key) => key.startsWith('__reactProps')),
    heading: document.querySelector('h1')?.textContent ?? null,
  };
`;

const ENGINES: EngineLauncher[] = [chromiumLauncher, firefoxLauncher, webkitLauncher];

describe("a press of 'Continuar' on signin's first frame, before the app has drawn signin", () => {
  let app: RunningApp;

  beforeAll(async () => {
    app = await startApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  for (const launcher of ENGINES) {
    const missing = launcher.missing();
    it.skipIf(missing !== null)(
      `in ${launcher.name}: keeps what was typed, sends it once the app has the form, and shows the code screen`,
      async () => {
        const proxy = await startCuttableProxy({
          headScripts: launcher.needsErrorTrap ? { [ERROR_TRAP_PATH]: ERROR_TRAP_SOURCE } : {},
        });
        proxy.setTarget(app.port);
        const engine = await launcher.launch();
        try {
          const email = `temprana.${launcher.name.split(' ')[0]!.toLowerCase()}@example.org`;
          const profile = await engine.newProfile();
          const win = await profile.openWindow();
          const held = proxy.hold(SIGNIN_CODE);
          await win.goto(`${proxy.url}/web/auth/signin`);
          await fill(win, { field: /^Correo electrónico$/ }, email);
          await click(win, { button: /^Continuar$/ });
          // The press landed on the HTML's copy, and is held there: no code went out, the page stayed.
          expect(await win.run(SCREEN)).toEqual({
            path: '/web/auth/signin',
            appDrewContinuar: false,
            heading: 'Iniciar sesión',
          });
          expect((await readMailbox(app.dataDir)).filter((mail) => mail.to.includes(email))).toEqual([]);

          held.release();
          await waitForPath(win, '/web/auth/verify');
          await waitFor(win, { text: new RegExp(`Enviamos un código de 4 dígitos a ${email.replaceAll('.', '\\.')}`) });
          expect(await win.run(SCREEN)).toMatchObject({ path: '/web/auth/verify', heading: 'Ingresa tu código' });
          await waitForMail(app.dataDir, { to: email, subject: /^Tu código de acceso: \d{4}$/ });
          // One press, one code: the held press is sent once, not again by the app's own form.
          const codes = (await readMailbox(app.dataDir)).filter((mail) => mail.to.includes(email));
          expect(codes.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Tu código de acceso: \d{4}$/)]);
          await profile.close();
          expect(await engine.consoleErrors()).toEqual([]);
        } finally {
          await engine.close();
          await proxy.close();
        }
      },
    );
  }
});
