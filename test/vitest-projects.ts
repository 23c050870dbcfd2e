import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import LongFilesFirst from './support/run-order.ts';

// The Vitest projects, read by vite.config.ts (`test.projects`, with the repository as `test.root`,
// not the client folder the build starts from), so the globs below start at the repository.
const failOnConsole = './test/support/fail-on-console.ts';

// The servers these projects start inherit the test process's environment. Replies to a PIN are
// held PIN_REPLY_PACE_MS (default 400 ms) so that their timing tells no PIN from the other; no
// browser or chaos test is about that timing, and every PIN typed in them waited it out. The pace
// has its own test (test/server/security/pin-reply-pace.db.test.ts) and the bench's duress figure.
const serversWithoutPinPace = { PIN_REPLY_PACE_MS: '0' };

// One pool of workers for every project, one more than the cores: Vitest's default (one fewer than
// the cores) ran files one by one on a 2-core machine. A project with a worker count of its own would
// run as a group of its own, after the others (Vitest requires it): the browser files then ran alone
// at the end, the chaos files one by one after them, and the run ended on one busy worker.
// test/support/run-order.ts hands out the long files first, so the browser files run together.
// Why one more than the cores: a browser file mostly waits (on its server's polls and e-mails, on
// Chromium's timers, on a deadline that must pass). Run alone under `/usr/bin/time -v`, the longest
// of them used from a quarter to a half of one core over the time they took in CI, Chromium, the
// server and its PostgreSQL included: two of them side by side kept about one core of two busy. A
// third overlaps their waits. The short files after them (API, client, unit) are busy on the CPU:
// there a third worker only shares the cores, which their timeouts (20 s and more, for tests of a
// few seconds) allow.
const workers = availableParallelism() + 1;

export const testProjects: TestProjectInlineConfiguration[] = [
  {
    test: {
      name: 'unit',
      environment: 'node',
      include: [
        'test/shared/**/*.test.ts',
        'test/server/**/*.test.ts',
        'test/scripts/**/*.test.ts',
        // The run's own machinery (its order).
        'test/support/**/*.test.ts',
      ],
      // Tests that need the database end in .db.test.ts and run in the api project.
      exclude: ['**/*.db.test.ts'],
      setupFiles: [failOnConsole],
    },
  },
  {
    test: {
      name: 'api',
      environment: 'node',
      include: ['test/server/**/*.db.test.ts'],
      globalSetup: ['./test/support/postgres-global-setup.ts'],
      setupFiles: [failOnConsole],
      // Room for a test of a few seconds with a third worker on two busy cores (the workers above), and
      // for PIN_REPLY_PACE_MS, which these tests keep: one typing many PINs took 20 s under load.
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
  {
    plugins: [react()],
    test: {
      name: 'client',
      environment: 'jsdom',
      include: ['test/client/**/*.test.{ts,tsx}', 'test/sw/**/*.test.ts'],
      setupFiles: [
        'fake-indexeddb/auto',
        failOnConsole,
        './test/client/support/dom-timeouts.ts',
        './test/client/support/reset-stores.ts',
      ],
      // A test waits for a few screens in turn, each up to the 30 s that findBy*, waitFor and
      // vi.waitFor may wait (test/client/support/dom-timeouts.ts): room for four such waits.
      testTimeout: 120_000,
      expect: { poll: { timeout: 10_000 } },
    },
  },
  {
    test: {
      name: 'chaos',
      environment: 'node',
      include: ['test/chaos/**/*.test.ts'],
      setupFiles: [failOnConsole],
      env: serversWithoutPinPace,
      // Generous for a busy machine: shared with other jobs, the storm took 45 to 110 s.
      // Each file runs its own servers and kills them: run-order.ts keeps them apart.
      testTimeout: 300_000,
      // A file's servers and browsers start and stop in its hooks: as slow under load as the e2e files'.
      hookTimeout: 300_000,
    },
  },
  {
    test: {
      name: 'e2e',
      environment: 'node',
      include: ['test/e2e/**/*.test.ts'],
      // One migrated cluster that each file's server starts from, instead of initdb and every migration,
      // and the server's code compiled once, which it runs instead of loading it through tsx.
      globalSetup: ['./test/support/e2e-cluster-setup.ts', './test/support/compiled-server.ts'],
      setupFiles: [failOnConsole],
      env: serversWithoutPinPace,
      // A worker keeps its modules from one browser file to the next (playwright-core, the support
      // code): isolated, each file paid a new process and its imports anew before its hooks began,
      // seconds each under load. The files own nothing global: each starts and stops its own server,
      // browser, mail folder and proxies in its hooks, and the setup file runs again for every file.
      isolate: false,
      // A browser test waits for several things in turn that cross the server, the outbox, SMTP or a
      // service worker, each up to 30 s on a loaded machine: room for six such waits. Only a test
      // that fails anyway runs that long.
      testTimeout: 180_000,
      // Starting a file's server (PostgreSQL from a copied cluster; its code was transformed on the way)
      // beside a Chromium took 110 s and more with three runs and two busy loops on 2 cores, and
      // failed the whole file at 120 s before any of its tests ran.
      hookTimeout: 300_000,
      // expect.poll's own default is 1 s: under load (2 cores, 8 runs side by side) a switch or a
      // count that crosses the server took longer. Every poll still ends as soon as it holds.
      expect: { poll: { timeout: 30_000 } },
      // One real server and one Chromium per file, each on ports and in folders of its own.
    },
  },
];

/** The run's settings beside the projects (vite.config.ts `test`). */
export const testRun = {
  maxWorkers: workers,
  sequence: { sequencer: LongFilesFirst },
  projects: testProjects,
};
