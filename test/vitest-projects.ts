import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import type { TestProjectInlineConfiguration } from 'vitest/config';

// The Vitest projects, read by vite.config.ts (`test.projects`, with the repository as `test.root`,
// not the client folder the build starts from), so the globs below start at the repository.
const failOnConsole = './test/support/fail-on-console.ts';

// The unit, api and client files, two at a time at least: Vitest's default (one fewer than the cores)
// ran them one by one on a 2-core machine, while each api file also waits on PostgreSQL, its own
// database in the run's server. One count for the three: projects of one group share it (Vitest requires it).
const workers = Math.max(2, availableParallelism() - 1);

export const testProjects: TestProjectInlineConfiguration[] = [
  {
    test: {
      name: 'unit',
      maxWorkers: workers,
      environment: 'node',
      include: ['test/shared/**/*.test.ts', 'test/server/**/*.test.ts', 'test/scripts/**/*.test.ts'],
      // Tests that need the database end in .db.test.ts and run in the api project.
      exclude: ['**/*.db.test.ts'],
      setupFiles: [failOnConsole],
    },
  },
  {
    test: {
      name: 'api',
      maxWorkers: workers,
      environment: 'node',
      include: ['test/server/**/*.db.test.ts'],
      globalSetup: ['./test/support/postgres-global-setup.ts'],
      setupFiles: [failOnConsole],
      testTimeout: 20_000,
      hookTimeout: 60_000,
    },
  },
  {
    plugins: [react()],
    test: {
      name: 'client',
      maxWorkers: workers,
      environment: 'jsdom',
      include: ['test/client/**/*.test.{ts,tsx}', 'test/sw/**/*.test.ts'],
      setupFiles: [
        'fake-indexeddb/auto',
        failOnConsole,
        './test/client/support/dom-timeouts.ts',
        './test/client/support/reset-stores.ts',
      ],
      // Above the 10 s that findBy*, waitFor and vi.waitFor may now wait (dom-timeouts.ts), twice.
      testTimeout: 30_000,
      expect: { poll: { timeout: 10_000 } },
    },
  },
  {
    test: {
      name: 'chaos',
      environment: 'node',
      include: ['test/chaos/**/*.test.ts'],
      setupFiles: [failOnConsole],
      // Generous for a busy machine: shared with other jobs, the storm took 45 to 110 s.
      testTimeout: 300_000,
      // Each file runs its own servers and kills them: one file at a time on 2 cores.
      fileParallelism: false,
    },
  },
  {
    test: {
      name: 'e2e',
      environment: 'node',
      include: ['test/e2e/**/*.test.ts'],
      setupFiles: [failOnConsole],
      testTimeout: 90_000,
      hookTimeout: 120_000,
      // One real server and one Chromium per file, each on ports and in folders of its own: two
      // files at a time keep both cores busy while each waits on its browser and server.
      maxWorkers: 2,
      // A project with its own worker count runs as a group of its own (Vitest requires it): after the others.
      sequence: { groupOrder: 1 },
    },
  },
];
