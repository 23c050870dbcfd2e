import { spawn, type ChildProcess } from 'node:child_process';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { DEBIAN_CHROMIUM, QUIET_FLAGS } from '../../scripts/launch-chromium.ts';

// The phone whose battery dies: a Chromium on a profile kept on disk, started by the test itself
// (not by Playwright) in a process group of its own, so the test can SIGKILL the whole browser at
// once, its storage process included, with nothing flushed or closed in order. Playwright then
// attaches over the DevTools protocol. (Playwright's own launch gives no process to kill for a
// persistent profile.)

const EXECUTABLE = process.env.CHROMIUM_PATH || DEBIAN_CHROMIUM;
// As scripts/launch-chromium.ts starts it, on a phone-sized window.
const FLAGS = ['--headless=new', ...QUIET_FLAGS, '--window-size=390,844', '--lang=es-US', '--remote-debugging-port=0'];

export type KillableChromium = {
  context: BrowserContext;
  /** SIGKILL to the browser's whole process group, then waits until it is gone. */
  kill(): Promise<void>;
};

export async function launchKillableChromium(userDataDir: string): Promise<KillableChromium> {
  const child = spawn(EXECUTABLE, [...FLAGS, `--user-data-dir=${userDataDir}`, 'about:blank'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let browser: Browser;
  try {
    browser = await chromium.connectOverCDP(await devToolsEndpoint(child));
  } catch (error) {
    killGroup(child);
    throw error;
  }
  const context = browser.contexts()[0];
  if (!context) throw new Error('Chromium started without its default context');
  return {
    context,
    async kill() {
      killGroup(child);
      await exited;
      // The DevTools connection is gone with the browser; Playwright's side is let go quietly.
      await browser.close().catch(() => undefined);
    },
  };
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Chromium prints its DevTools address on stderr once it listens. */
function devToolsEndpoint(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(output);
      if (!match?.[1]) return;
      child.stderr?.off('data', onData);
      // Keep draining, or a full pipe would block the browser.
      child.stderr?.resume();
      resolve(match[1]);
    };
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) =>
      reject(new Error(`Chromium ended (${code ?? signal}) before listening:\n${output.slice(-2000)}`)),
    );
  });
}
