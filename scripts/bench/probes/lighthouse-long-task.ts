// Probe: what runs in the longest main-thread task after the first paint of a Lighthouse run, as the
// bench's figure 10 measures it (the Lighthouse CLI's defaults: mobile preset, 4x CPU, storage reset).
// For the longest tasks by CPU time (times 4, as the bench reports them), the trace events inside each
// (script evaluation and compilation with their URLs, function calls, timers, style and layout) by
// their own CPU time. Not part of the bench.
// `node --import tsx scripts/bench/probes/lighthouse-long-task.ts [signin|home] [runs]` after `npm run build`.
import { CPU_SLOWDOWN, longestTaskCpuMs, type TraceEvent } from '../figures/longest-task.ts';
import { lighthouseRuns } from './probe-setup.ts';

type Event = TraceEvent & { args?: { data?: Record<string, unknown> } };

const screen = process.argv[2] === 'home' ? 'home' : 'signin';
const runs = Number(process.argv[3] ?? 3);
const TOP_TASKS = 3;

/** A short name for an event inside a task: its kind, and the script or function it ran. */
function label(event: Event): string {
  const data = event.args?.data ?? {};
  const file = typeof data.url === 'string' ? data.url.split('/').at(-1) : '';
  const fn = typeof data.functionName === 'string' && data.functionName ? ` ${data.functionName}` : '';
  return `${event.name}${file ? ` ${file}` : ''}${fn}`;
}

function describeTasks(events: Event[]): void {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return;
  const mainTasks = (pid: number, tid: number) =>
    events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === pid && e.tid === tid);
  // The page's main thread: the renderer main thread with the most tasks (as longest-task.ts picks it).
  const thread = events
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((t) => ({ t, n: mainTasks(t.pid, t.tid).length }))
    .sort((a, b) => b.n - a.n)[0]!.t;
  const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === thread.pid)?.ts ?? 0;
  const tasks = mainTasks(thread.pid, thread.tid)
    .filter((t) => t.tdur !== undefined && t.ts + (t.dur ?? 0) >= paint)
    .sort((a, b) => b.tdur! - a.tdur!)
    .slice(0, TOP_TASKS);
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = events.filter(
      (e) =>
        e.pid === thread.pid &&
        e.tid === thread.tid &&
        e.ph === 'X' &&
        e !== task &&
        e.ts >= task.ts &&
        e.ts + (e.dur ?? 0) <= end &&
        e.tdur !== undefined,
    );
    console.log(
      `    task at +${((task.ts - paint) / 1000).toFixed(0)} ms after FCP: ${((task.tdur! / 1000) * CPU_SLOWDOWN).toFixed(1)} ms CPU at 4x (${((task.dur ?? 0) / 1000).toFixed(1)} ms wall unthrottled)`,
    );
    // Every event inside, by name: how many, and (for those with a duration) their CPU time at 4x.
    const byName = new Map<string, { count: number; cpu: number }>();
    for (const e of events.filter(
      (o) => o.pid === thread.pid && o.tid === thread.tid && o !== task && o.ts >= task.ts && o.ts <= end,
    )) {
      const entry = byName.get(label(e)) ?? { count: 0, cpu: 0 };
      entry.count += 1;
      entry.cpu += ((e.tdur ?? 0) / 1000) * CPU_SLOWDOWN;
      byName.set(label(e), entry);
    }
    console.log(
      `      inside: ${[...byName]
        .sort((a, b) => b[1].cpu - a[1].cpu || b[1].count - a[1].count)
        .slice(0, 14)
        .map(([name, { count, cpu }]) => `${name} ×${count}${cpu ? ` ${cpu.toFixed(1)} ms` : ''}`)
        .join('; ')}`,
    );
    for (const e of inside.sort((a, b) => a.ts - b.ts).slice(0, 25)) {
      const depth = inside.filter((o) => o !== e && o.ts <= e.ts && o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0)).length;
      if (((e.tdur ?? 0) / 1000) * CPU_SLOWDOWN < 1) continue;
      console.log(`      ${'  '.repeat(depth)}${((e.tdur! / 1000) * CPU_SLOWDOWN).toFixed(1)} ms  ${label(e)}`);
    }
  }
}

await lighthouseRuns('probe-lighthouse-', screen, runs, (result, run, load) => {
  const { lhr } = result;
  const events = (result.artifacts.Trace as { traceEvents: Event[] }).traceEvents;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
  console.log(
    `${screen} run ${run} (load ${load}): performance ${score('performance')}, SEO ${score('seo')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}, TBT ${(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN).toFixed(0)} ms, longest task ${longestTaskCpuMs(events).toFixed(1)} ms`,
  );
  describeTasks(events);
});
