import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { Builder, By, Capabilities, type WebDriver } from 'selenium-webdriver';
import { freePort } from '../app-server.ts';
import { WINDOW, type Engine, type EngineLauncher, type EngineProfile, type EngineWindow } from './engine.ts';
import { TAKE_TRAPPED_ERRORS } from './page-hooks.ts';

const DRIVER = '/usr/bin/WebKitWebDriver';
const XVFB_RUN = '/usr/bin/xvfb-run';
const MINIBROWSER = process.env.MINIBROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** One WebKitWebDriver (it serves one session) on its own X display and port. */
async function startDriver(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(XVFB_RUN, ['-a', '-s', '-screen 0 1280x1024x24', DRIVER, `--port=${port}`], {
    stdio: 'ignore',
    // Its own process group: xvfb-run starts Xvfb and the driver, and all of them go together.
    detached: true,
  });
  const reap = () => child.pid && process.kill(-child.pid, 'SIGKILL');
  process.once('exit', reap);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited (${child.exitCode}) before listening`);
    const ready = await fetch(`${url}/status`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('WebKitWebDriver did not listen within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      process.off('exit', reap);
      if (child.exitCode !== null || !child.pid) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}

/**
 * WebKitGTK's MiniBrowser through WebKitWebDriver and selenium-webdriver (classic
 * WebDriver: no BiDi, so no console events; the test proxy's error trap stands in).
 */
export const webkitLauncher: EngineLauncher = {
  name: 'WebKit (WebKitGTK)',
  missing: () => {
    const absent = [DRIVER, XVFB_RUN, MINIBROWSER].filter((file) => !existsSync(file));
    return absent.length === 0
      ? null
      : `${absent.join(', ')} not installed (apt-get install webkit2gtk-driver xvfb xauth)`;
  },
  needsErrorTrap: true,
  async launch(): Promise<Engine> {
    const errors: string[] = [];
    const profiles = new Set<EngineProfile>();
    const takers = new Set<() => Promise<void>>();

    async function newProfile(): Promise<EngineProfile> {
      const server = await startDriver();
      const capabilities = new Capabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      });
      let driver: WebDriver;
      try {
        driver = await new Builder().usingServer(server.url).withCapabilities(capabilities).build();
      } catch (error) {
        await server.stop();
        throw error;
      }
      await driver.manage().window().setRect(WINDOW);
      // The session's first window waits, blank, for the first openWindow.
      let spare: string | undefined = await driver.getWindowHandle();
      let current: string | undefined = spare;
      const windows = new Set<string>();

      const on = async (handle: string) => {
        if (current !== handle) await driver.switchTo().window(handle);
        current = handle;
      };
      const takeErrors = async (handle: string) => {
        await on(handle);
        const trapped = await driver.executeScript<string[]>(TAKE_TRAPPED_ERRORS).catch(() => []);
        errors.push(...(trapped ?? []));
      };
      const taker = async () => {
        for (const handle of windows) await takeErrors(handle);
      };
      takers.add(taker);

      const profile: EngineProfile = {
        async openWindow(): Promise<EngineWindow> {
          let handle = spare;
          spare = undefined;
          if (!handle) {
            await driver.switchTo().newWindow('window');
            handle = await driver.getWindowHandle();
            current = handle;
            await driver.manage().window().setRect(WINDOW);
          }
          const own = handle;
          windows.add(own);
          return {
            goto: async (url) => {
              await takeErrors(own);
              await driver.get(url);
            },
            url: async () => (await on(own), driver.getCurrentUrl()),
            run: async (body) => (await on(own), driver.executeScript(`return (async () => { ${body} })()`)),
            click: async (selector) => (await on(own), driver.findElement(By.css(selector)).click()),
            type: async (selector, text) => (await on(own), driver.findElement(By.css(selector)).sendKeys(text)),
            keys: async (text) => (await on(own), driver.actions().sendKeys(text).perform()),
            screenshot: async (file) => (await on(own), writeFile(file, await driver.takeScreenshot(), 'base64')),
            close: async () => {
              await takeErrors(own);
              windows.delete(own);
              await driver.close();
              current = undefined;
              const left = await driver.getAllWindowHandles();
              if (left[0]) await on(left[0]);
            },
          };
        },
        // WebKit has no offline switch: `navigator.onLine` stays true and `online` never fires.
        emulateOffline: async () => undefined,
        async close() {
          await taker().catch(() => undefined);
          takers.delete(taker);
          profiles.delete(profile);
          await driver.quit().catch(() => undefined);
          await server.stop();
        },
      };
      profiles.add(profile);
      return profile;
    }

    return {
      name: 'WebKit (WebKitGTK)',
      onlineEvents: false,
      newProfile,
      async consoleErrors() {
        for (const take of takers) await take();
        return [...errors];
      },
      async close() {
        await Promise.all([...profiles].map((profile) => profile.close()));
      },
    };
  },
};
