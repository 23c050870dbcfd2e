import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { SCREENS, SCRIPTS, bothPins } from '#test/support/duress-browser.ts';

// The duress PIN told apart by nothing the person sees (test/support/duress-browser.ts): an alert
// ended, pressed again, a practice alert and a new phone. The check-in's script is
// duress-differential-check-in.test.ts, in a file of its own so that both run side by side.

const env = appAndChromiumPerFile();

describe('the duress PIN, told apart by nothing the person sees in the browser', () => {
  it("compares every screen of the app's router, or says why not", async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    const { createMemoryHistory } = await import('@tanstack/react-router');
    const { createAppRouter } = await import('#client/router.ts');
    const router = createAppRouter({ queryClient: new QueryClient(), history: createMemoryHistory() });
    expect(Object.keys(router.routesByPath).sort()).toEqual(Object.keys(SCREENS).sort());
  });

  it(`${SCRIPTS.alert.name}: the same screens, stored state and e-mails with either PIN`, async () => {
    const [withReal, withDuress] = await bothPins(env, SCRIPTS.alert, 0);
    expect(Object.keys(withReal).length).toBeGreaterThan(0);
    expect(withDuress).toEqual(withReal);
  }, 600_000);
});
