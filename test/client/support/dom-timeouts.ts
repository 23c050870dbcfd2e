import { configure } from '@testing-library/react';
import { vi } from 'vitest';

// A test's first visit to a lazy route transforms that route's modules on demand. On a 2-core
// machine shared with browser tests, a screen then took longer than the waits' defaults (1 s for
// Testing Library's findBy*/waitFor and for vi.waitFor), later longer than 5 s, and failed tests
// whose screens were right (home's contact list, sign-in after 'Cerrar sesión'). Every wait still
// ends as soon as the screen shows: only a test that fails anyway waits the whole time.
const WAIT_MS = 10_000;
configure({ asyncUtilTimeout: WAIT_MS });

// vi.waitFor has no setting of its own: its default timeout is written into it. An explicit
// timeout in a test still wins.
const waitFor = vi.waitFor;
vi.waitFor = ((callback, options) =>
  waitFor(callback, {
    timeout: WAIT_MS,
    ...(typeof options === 'number' ? { timeout: options } : options),
  })) as typeof vi.waitFor;
