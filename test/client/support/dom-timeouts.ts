import { configure } from '@testing-library/react';
import { vi } from 'vitest';

// A test's first visit to a lazy route transforms that route's modules on demand. On a 2-core
// machine shared with browser tests, a screen then took longer than the waits' defaults (1 s for
// Testing Library's findBy*/waitFor and for vi.waitFor), later longer than 5 s, and failed tests
// whose screens were right (home's contact list, sign-in after 'Cerrar sesión'). With several test
// runs side by side (load 30 on 2 cores) the first-contact form alone took more than 10 s to show,
// and whole tests that pass in 2 s on a quiet machine took more than 30 s. Every wait still ends as
// soon as the screen shows: only a test that fails anyway waits the whole time.
// preload-screens.ts moves the screens' code out of the tests' time where a file goes elsewhere.
const WAIT_MS = 30_000;
configure({ asyncUtilTimeout: WAIT_MS });
// The client project's per-test limit (test/vitest-projects.ts) leaves room for four such waits.

// vi.waitFor has no setting of its own: its default timeout is written into it. An explicit
// timeout in a test still wins.
const waitFor = vi.waitFor;
vi.waitFor = ((callback, options) =>
  waitFor(callback, {
    timeout: WAIT_MS,
    ...(typeof options === 'number' ? { timeout: options } : options),
  })) as typeof vi.waitFor;
