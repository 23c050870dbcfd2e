import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { SCRIPTS, bothPins } from '#test/support/duress-browser.ts';

// The duress PIN told apart by nothing the person sees (test/support/duress-browser.ts): a check-in
// extended to a deadline that then passes, and what the contact receives from then on. Beside
// duress-differential-alert.test.ts and duress-differential-check-in.test.ts.

// No grace and a look for due check-ins every second: the deadline the script sets reaches the
// person's phone within seconds.
const env = appAndChromiumPerFile({ CHECK_IN_GRACE_MINUTES: '0', CHECK_IN_POLL_SECONDS: '1' });

describe('the duress PIN, told apart by nothing the person sees in the browser', () => {
  it(`${SCRIPTS.deadline.name}: the same screens, stored state and e-mails with either PIN`, async () => {
    const [withReal, withDuress] = await bothPins(env, SCRIPTS.deadline, 2);
    expect(Object.keys(withReal).length).toBeGreaterThan(0);
    expect(withDuress).toEqual(withReal);
  }, 600_000);
});
