// Probe: which functions run in the longest main-thread tasks of a first load at 4x CPU (Chromium's
// CPU throttling, no worker, an empty cache, as Lighthouse's storage reset leaves a page). Chromium's
// trace finds the tasks; V8's sampling profiler, on the same clock, says what ran in each: the
// functions with the most of their own time, and our modules on the stack. Not part of the bench.
// `node --import tsx scripts/bench/probes/long-task-profile.ts [path] [runs]` after `npm run build`.
import { startApp } from '#test/support/app-server.ts';
import { launchChromium } from '#test/support/chromium.ts';
import { CPU_SLOWDOWN, type TraceEvent } from '../figures/longest-task.ts';

const target = process.argv[2] ?? '/web/auth/signin';
const runs = Number(process.argv[3] ?? 3);

type Frame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type Node = { id: number; callFrame: Frame; parent?: number; children?: number[] };
type Profile = { nodes: Node[]; startTime: number; samples: number[]; timeDeltas: number[] };

const where = (f: Frame) =>
  `${f.functionName || '(anonymous)'} ${f.url.split('/').at(-1) ?? ''}:${f.lineNumber + 1}:${f.columnNumber + 1}`;

const app = await startApp();
const { browser } = await launchChromium();
try {
  for (let run = 1; run <= runs; run += 1) {
    const context = await browser.newContext({
      locale: 'es-US',
      serviceWorkers: 'block',
      viewport: { width: 412, height: 823 },
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] },
    });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(`${app.url}${target}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    await cdp.send('Tracing.end');
    await traced;

    const threads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const tasksOf = (t: TraceEvent) =>
      events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === t.pid && e.tid === t.tid);
    const thread = threads.map((t) => ({ t, n: tasksOf(t).length })).sort((a, b) => b.n - a.n)[0]!.t;
    const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === thread.pid)?.ts ?? 0;
    const longest = tasksOf(thread)
      .filter((t) => t.tdur !== undefined && t.ts + (t.dur ?? 0) >= fcp)
      .sort((a, b) => b.tdur! - a.tdur!)
      .slice(0, 3);
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    for (const n of profile.nodes) for (const c of n.children ?? []) byId.get(c)!.parent = n.id;
    let at = profile.startTime;
    const samples = profile.samples.map((id, i) => {
      at += profile.timeDeltas[i] ?? 0;
      return { node: byId.get(id)!, ts: at };
    });
    console.log(
      `${target} run ${run}: FCP at ${((fcp - (events.find((e) => e.name === 'navigationStart')?.ts ?? fcp)) / 1000).toFixed(0)} ms`,
    );
    for (const task of longest) {
      const end = task.ts + (task.dur ?? 0);
      const inside = samples.filter(
        (s) => s.ts >= task.ts && s.ts <= end && s.node.callFrame.functionName !== '(idle)',
      );
      console.log(
        `  task +${((task.ts - fcp) / 1000).toFixed(0)} ms after FCP: ${((task.tdur! / 1000) * CPU_SLOWDOWN).toFixed(1)} ms CPU at 4x, ${inside.length} samples`,
      );
      const self = new Map<string, number>();
      const stacks = new Map<string, number>();
      for (const s of inside) {
        self.set(where(s.node.callFrame), (self.get(where(s.node.callFrame)) ?? 0) + 1);
        // The outermost frames of the stack (what started the work), up to four.
        const chain: string[] = [];
        for (let n: Node | undefined = s.node; n; n = n.parent === undefined ? undefined : byId.get(n.parent))
          chain.unshift(where(n.callFrame));
        const key = chain
          .filter((f) => !f.startsWith('(root)'))
          .slice(0, 6)
          .join(' > ');
        stacks.set(key, (stacks.get(key) ?? 0) + 1);
      }
      const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
      for (const [k, v] of top(self, 8)) console.log(`     self ${v}  ${k}`);
      for (const [k, v] of top(stacks, 6)) console.log(`     stack ${v}  ${k}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
