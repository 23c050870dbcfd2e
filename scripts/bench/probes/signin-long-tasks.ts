// Probe: what runs in the long main-thread tasks of a cold signin load at 4x CPU. A sampling CPU
// profile of the load: the long tasks (over 50 ms), and the files and functions that spent the most
// of their own time in it. Not part of the bench.
// `node --import tsx scripts/bench/probes/signin-long-tasks.ts [path] [runs]` after `npm run build`.
import { launchChromium } from '#test/support/chromium.ts';
import { startApp } from '#test/support/app-server.ts';

const target = process.argv[2] ?? '/web/auth/signin';
const runs = Number(process.argv[3] ?? 3);

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; startTime: number; samples: number[]; timeDeltas: number[] };

const app = await startApp();
const { browser } = await launchChromium();
try {
  for (let run = 1; run <= runs; run += 1) {
    const context = await browser.newContext({ locale: 'es-US', serviceWorkers: 'block' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.addInitScript(() => {
      const tasks: Array<{ start: number; duration: number }> = [];
      (window as unknown as { longTasks: typeof tasks }).longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${app.url}${target}`);
    await page
      .locator('#splash')
      .waitFor({ state: 'detached' })
      .catch(() => {});
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const tasks = await page.evaluate(
      () => (window as unknown as { longTasks: Array<{ start: number; duration: number }> }).longTasks,
    );
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    let at = profile.startTime;
    const samples = profile.samples.map((id, i) => {
      at += profile.timeDeltas[i] ?? 0;
      return { node: byId.get(id)!, ms: at / 1000, weight: (profile.timeDeltas[i + 1] ?? 0) / 1000 };
    });
    console.log(
      `${target} run ${run}: ${tasks.length} long tasks, ${tasks.map((t) => `${t.duration.toFixed(0)} ms at ${t.start.toFixed(0)}`).join('; ')}`,
    );
    // The profile's clock and the page's do not share an origin: the whole load is summed instead.
    const busy = samples.filter((s) => s.node.callFrame.functionName !== '(idle)');
    const sum = (key: (s: (typeof samples)[number]) => string) => {
      const totals = new Map<string, number>();
      for (const s of busy) totals.set(key(s), (totals.get(key(s)) ?? 0) + s.weight);
      return [...totals].sort((x, y) => y[1] - x[1]);
    };
    const file = (s: (typeof samples)[number]) =>
      s.node.callFrame.url.split('/').at(-1) || s.node.callFrame.functionName || '(native)';
    console.log(
      `  busy ${busy.reduce((t, s) => t + s.weight, 0).toFixed(0)} ms; by file: ${sum(file)
        .slice(0, 8)
        .map(([f, ms]) => `${f} ${ms.toFixed(0)}`)
        .join(', ')}`,
    );
    for (const [name, ms] of sum(
      (s) => `${s.node.callFrame.functionName || '(anonymous)'} ${file(s)}:${s.node.callFrame.lineNumber + 1}`,
    ).slice(0, 15))
      console.log(`    ${ms.toFixed(1)} ms  ${name}`);
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
