import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

const TICKS_PER_SECOND = 100;

/** user+system CPU seconds of a process, with its waited-for children when asked (from /proc/<pid>/stat). */
async function cpuSeconds(pid: number, withChildren: boolean): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  const [utime = 0, stime = 0, cutime = 0, cstime = 0] = fields.slice(11, 15);
  return (utime + stime + (withChildren ? cutime + cstime : 0)) / TICKS_PER_SECOND;
}

async function childrenOf(parent: number): Promise<number[]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  const found: number[] = [];
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === parent) found.push(pid);
  }
  return found;
}

/**
 * CPU seconds used so far by the app's Node process and by its PostgreSQL
 * (postmaster, its live backends, and the ones that have exited): a figure of
 * work done that, unlike a rate, does not depend on how busy the machine is.
 */
export async function serverCpu(
  appPid: number,
  pgDataDir: string | undefined,
): Promise<{ node: number; postgres: number }> {
  const node = await cpuSeconds(appPid, false);
  if (!pgDataDir) return { node, postgres: Number.NaN };
  const postmaster = Number((await readFile(path.join(pgDataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  let postgres = await cpuSeconds(postmaster, true);
  for (const child of await childrenOf(postmaster)) postgres += await cpuSeconds(child, false);
  return { node, postgres };
}
