import { readFile } from 'node:fs/promises';

/** Resident set size of a process in MB (VmRSS in /proc/<pid>/status). */
export async function rssMB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kB = Number(/^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1] ?? Number.NaN);
  return kB / 1000;
}

/** Samples `pid`'s RSS every `everyMs` until stopped; resolves with the largest value seen. */
export function sampleRss(pid: number, everyMs = 100): { stop: () => Promise<number> } {
  let peak = 0;
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(async () => {
      peak = Math.max(peak, await rssMB(pid).catch(() => 0));
    });
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await sampling;
      return Math.max(peak, await rssMB(pid).catch(() => 0));
    },
  };
}
