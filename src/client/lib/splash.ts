import { RESTORE_TIMEOUT_MS } from '#shared/constants.ts';

/** Waits for the restore, but never longer than 5 s: a stuck IndexedDB must not keep SOS away. */
export function withRestoreTimeout(restore: Promise<unknown>): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, RESTORE_TIMEOUT_MS);
    restore
      .then(
        () => resolve(),
        () => resolve(),
      )
      .finally(() => clearTimeout(timer));
  });
}

/** The splash is static markup in index.html, so it shows before any script. */
export function hideSplash(): void {
  const splash = document.getElementById('splash');
  if (!splash) return;
  splash.classList.add('splash--hidden');
  splash.setAttribute('aria-hidden', 'true');
  setTimeout(() => splash.remove(), 250);
}
