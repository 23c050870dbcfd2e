import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, BrowserContextOptions } from 'playwright-core';
import { launchPersistentChromium } from './chromium.ts';

/**
 * A phone's browser with its storage on disk (IndexedDB, the service worker, localStorage), opened,
 * closed and opened again like an installed app: what it had stored is there after a close, what it
 * had not is lost. `newContext()` contexts keep their storage in memory, so closing one proves nothing.
 */
export type PhoneProfile = {
  /** Opens the browser on this profile (one at a time) on a phone-sized page, in Spanish. */
  open(options?: Pick<BrowserContextOptions, 'offline'>): Promise<BrowserContext>;
  /**
   * Closes the open browser at once, as a phone closes an app swiped away: its pages are gone with
   * whatever they had not handed to storage yet. Not a SIGKILL: on a loaded machine that lost, now
   * and then, IndexedDB writes that had completed, whatever order the app kept.
   */
  close(): Promise<void>;
  /** Closes what is open and deletes the profile. */
  remove(): Promise<void>;
};

export async function phoneProfile(): Promise<PhoneProfile> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sos-phone-profile-'));
  let open: { context: BrowserContext } | undefined;
  return {
    async open(options = {}) {
      if (open) throw new Error('This phone is already open');
      const context = await launchPersistentChromium(dir, {
        locale: 'es-US',
        viewport: { width: 390, height: 844 },
        ...options,
      });
      open = { context };
      return context;
    },
    async close() {
      if (!open) throw new Error('This phone is not open');
      const { context } = open;
      open = undefined;
      await context.close();
    },
    async remove() {
      await open?.context.close().catch(() => undefined);
      open = undefined;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
