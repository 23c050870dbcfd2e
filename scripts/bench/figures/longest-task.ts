// Lighthouse's TBT is simulated from the wall time of each task it saw, times the slowdown of its
// mobile preset (4x): on a shared machine a task that waited for a core counts as blocking, so the
// same build reads 0 or 500 ms from one run to the next. The thread's own CPU time per task
// (`tdur` in the trace) hardly depends on what else runs: times the same slowdown, it says whether
// a slow phone would meet a task over 50 ms, whatever the machine was doing.

/** The slowdown Lighthouse's mobile preset applies to the main thread. */
export const CPU_SLOWDOWN = 4;

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { frame?: string } };
}

/** The page's main thread: the renderer's main thread with the most tasks (a worker or an old page has fewer). */
function mainThread(events: readonly TraceEvent[]): { pid: number; tid: number } | undefined {
  const threads = events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const tasks = (thread: TraceEvent) =>
    events.filter((event) => event.pid === thread.pid && event.tid === thread.tid && event.name === 'RunTask').length;
  return threads.map((thread) => ({ thread, count: tasks(thread) })).sort((a, b) => b.count - a.count)[0]?.thread;
}

/**
 * The longest task of the page's main thread that ends after the first contentful paint (where
 * TBT starts counting), by its CPU time, times the slowdown: in ms on the simulated phone. NaN
 * when the trace has no CPU times.
 */
export function longestTaskCpuMs(events: readonly TraceEvent[]): number {
  const main = mainThread(events);
  if (!main) return Number.NaN;
  const paint = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === main.pid)?.ts ?? 0;
  let longest = Number.NaN;
  for (const event of events) {
    if (event.name !== 'RunTask' || event.ph !== 'X' || event.pid !== main.pid || event.tid !== main.tid) continue;
    if (event.tdur === undefined || event.ts + (event.dur ?? 0) < paint) continue;
    longest = Number.isNaN(longest) ? event.tdur : Math.max(longest, event.tdur);
  }
  return (longest / 1000) * CPU_SLOWDOWN;
}
