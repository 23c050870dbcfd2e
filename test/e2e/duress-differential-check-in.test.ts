import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { SCRIPTS, bothPins } from '#test/support/duress-browser.ts';

// The duress PIN told apart by nothing the person sees (test/support/duress-browser.ts): a
// check-in extended and closed, the PINs changed and removed. Beside duress-differential-alert.test.ts.

const env = appAndChromiumPerFile();

describe('the duress PIN, told apart by nothing the person sees in the browser', () => {
  it(`${SCRIPTS.checkIn.name}: the same screens, stored state and e-mails with either PIN`, async () => {
    const [withReal, withDuress] = await bothPins(env, SCRIPTS.checkIn, 1);
    expect(Object.keys(withReal).length).toBeGreaterThan(0);
    expect(withDuress).toEqual(withReal);
  }, 600_000);
});
