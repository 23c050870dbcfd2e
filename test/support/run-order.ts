import path from 'node:path';
import type { TestSequencer, TestSpecification, Vitest } from 'vitest/node';
import { FILE_SECONDS } from './file-seconds.ts';

/** Projects whose files start servers and browsers of their own: each takes from seconds to minutes. */
const LONG_PROJECTS = new Set(['e2e', 'chaos']);
/** Of those, the ones that storm or kill their own servers: spread out, never handed out one after another. */
const SPREAD_PROJECTS = new Set(['chaos']);

/**
 * The order in which the run hands files to its workers (one pool for every project): the long
 * files first, the short ones (API, client, unit) last, where they fill the workers evenly until
 * the end. Vitest's own order runs project after project by name, so the browser files' minutes
 * came last. Within each part, longest first by the durations Vitest remembers from an earlier
 * run on this machine, else by those of test/support/file-seconds.ts (a clean clone remembers
 * none), else by size. The chaos files go between browser files, far apart.
 *
 * Only types come from 'vitest/node' at the top: vite.config.ts loads this file for `vite build` too.
 */
export default class LongFilesFirst implements TestSequencer {
  constructor(private readonly ctx: Vitest) {}

  async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { BaseSequencer } = await import('vitest/node');
    return new BaseSequencer(this.ctx).shard(files);
  }

  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const weight = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`;
      const remembered = cache.getFileTestResults(key)?.duration;
      return {
        ms: remembered ?? (FILE_SECONDS[key] === undefined ? undefined : FILE_SECONDS[key] * 1000),
        size: cache.getFileStats(key)?.size ?? 0,
      };
    };
    const longestFirst = (specs: TestSpecification[]) => {
      const weights = new Map(specs.map((spec) => [spec, weight(spec)]));
      // A file with no time (new, or renamed) is given one from its size, at the rate of the timed files.
      const timed = [...weights.values()].filter((w) => w.ms !== undefined);
      const sizes = timed.reduce((sum, w) => sum + w.size, 0);
      const msPerByte = sizes > 0 ? timed.reduce((sum, w) => sum + (w.ms ?? 0), 0) / sizes : 1;
      const by = (spec: TestSpecification) => {
        const w = weights.get(spec);
        return w ? (w.ms ?? w.size * msPerByte) : 0;
      };
      return [...specs].sort((a, b) => by(b) - by(a));
    };
    const of = (keep: (project: string) => boolean) => longestFirst(files.filter((spec) => keep(spec.project.name)));
    const spread = of((project) => SPREAD_PROJECTS.has(project));
    const long = of((project) => LONG_PROJECTS.has(project) && !SPREAD_PROJECTS.has(project));
    const short = of((project) => !LONG_PROJECTS.has(project));
    // One spread file every `gap` long files, the first at the start.
    const gap = Math.max(1, Math.floor(long.length / Math.max(1, spread.length)));
    const ordered: TestSpecification[] = [];
    long.forEach((spec, index) => {
      const next = index % gap === 0 ? spread.shift() : undefined;
      if (next) ordered.push(next);
      ordered.push(spec);
    });
    return [...ordered, ...spread, ...short];
  }
}
