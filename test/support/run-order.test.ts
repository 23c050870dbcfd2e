import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import LongFilesFirst from './run-order.ts';

const root = '/repo';

/** The files a run would hand out: project, path, size in bytes, and the duration Vitest remembers (ms). */
type File = { project: string; file: string; size: number; remembered?: number };

async function order(files: File[]): Promise<string[]> {
  const byKey = new Map(files.map((f) => [`${f.project}:${f.file}`, f]));
  const ctx = {
    config: { root },
    cache: {
      getFileTestResults: (key: string) => {
        const remembered = byKey.get(key)?.remembered;
        return remembered === undefined ? undefined : { duration: remembered, failed: false };
      },
      getFileStats: (key: string) => ({ size: byKey.get(key)?.size ?? 0 }),
    },
  } as unknown as Vitest;
  const specs = files.map(
    (f) => ({ project: { name: f.project }, moduleId: path.join(root, f.file) }) as unknown as TestSpecification,
  );
  const sorted = await new LongFilesFirst(ctx).sort(specs);
  return sorted.map((spec) => `${spec.project.name}:${path.relative(root, spec.moduleId)}`);
}

describe('the order in which the run hands out its files', () => {
  it('on a clean clone, hands out the browser files that took longest first, though they are the smallest', async () => {
    expect(
      await order([
        { project: 'api', file: 'test/server/a.db.test.ts', size: 50_000 },
        { project: 'e2e', file: 'test/e2e/replaced-alert-link.test.ts', size: 9_000 },
        { project: 'e2e', file: 'test/e2e/journey-webkit.test.ts', size: 200 },
        // Not in the table: weighed by its size, at the rate of the files that are.
        { project: 'e2e', file: 'test/e2e/not-timed-yet.test.ts', size: 5_000 },
        { project: 'e2e', file: 'test/e2e/duress-differential-alert.test.ts', size: 1_000 },
        { project: 'chaos', file: 'test/chaos/power-cut.test.ts', size: 500 },
      ]),
    ).toEqual([
      'chaos:test/chaos/power-cut.test.ts',
      'e2e:test/e2e/duress-differential-alert.test.ts',
      'e2e:test/e2e/not-timed-yet.test.ts',
      'e2e:test/e2e/journey-webkit.test.ts',
      'e2e:test/e2e/replaced-alert-link.test.ts',
      'api:test/server/a.db.test.ts',
    ]);
  });

  it("follows the durations this machine's Vitest remembers over the table's", async () => {
    expect(
      await order([
        { project: 'e2e', file: 'test/e2e/duress-differential-alert.test.ts', size: 1_000, remembered: 10_000 },
        { project: 'e2e', file: 'test/e2e/replaced-alert-link.test.ts', size: 9_000, remembered: 90_000 },
        { project: 'unit', file: 'test/shared/b.test.ts', size: 100, remembered: 20 },
        { project: 'unit', file: 'test/shared/c.test.ts', size: 900, remembered: 10 },
      ]),
    ).toEqual([
      'e2e:test/e2e/replaced-alert-link.test.ts',
      'e2e:test/e2e/duress-differential-alert.test.ts',
      'unit:test/shared/b.test.ts',
      'unit:test/shared/c.test.ts',
    ]);
  });
});
