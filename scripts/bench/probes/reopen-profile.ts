// Probe: which functions run between the offline reopen of home (figure 3) and the app's SOS button,
// at 4x CPU with the worker installed: V8's sampling profiler on the page from navigation to the
// 'app-sos' mark, self time by function and by script, and the outermost frames. Not part of the bench.
// `node --import tsx scripts/bench/probes/reopen-profile.ts [runs]` after `npm run build`.
import { throttle, waitForMark } from '../figures/page-marks.ts';
import { offlineReopen } from './probe-setup.ts';

type Frame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type Node = { id: number; callFrame: Frame; parent?: number; children?: number[] };
type Profile = { nodes: Node[]; startTime: number; samples: number[]; timeDeltas: number[] };

const where = (f: Frame) =>
  `${f.functionName || '(anonymous)'} ${f.url.split('/').at(-1) ?? ''}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
const runs = Number(process.argv[2] ?? 3);

await offlineReopen(async (context, app) => {
  const self = new Map<string, number>();
  const scripts = new Map<string, number>();
  const stacks = new Map<string, number>();
  for (let run = 1; run <= runs; run += 1) {
    const page = await context.newPage();
    const cdp = await throttle(page, { cpu: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${app.url}/web/home`);
    const early = await waitForMark(page, 'early-sos').catch(() => undefined);
    const sos = await waitForMark(page, 'app-sos');
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    console.log(`run ${run}: early SOS ${early?.at.toFixed(0)} ms, app SOS ${sos.at.toFixed(0)} ms`);
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    for (const n of profile.nodes) for (const c of n.children ?? []) byId.get(c)!.parent = n.id;
    profile.samples.forEach((id, i) => {
      const node = byId.get(id)!;
      const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
      const name = node.callFrame.functionName;
      if (name === '(idle)' || name === '(program)') return;
      self.set(where(node.callFrame), (self.get(where(node.callFrame)) ?? 0) + ms);
      const file = node.callFrame.url.split('/').at(-1) || name;
      scripts.set(file, (scripts.get(file) ?? 0) + ms);
      const chain: string[] = [];
      for (let n: Node | undefined = node; n; n = n.parent === undefined ? undefined : byId.get(n.parent))
        chain.unshift(where(n.callFrame));
      const key = chain
        .filter((f) => !f.startsWith('(root)'))
        .slice(0, 4)
        .join(' > ');
      stacks.set(key, (stacks.get(key) ?? 0) + ms);
    });
    await page.close();
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${(v / runs).toFixed(1).padStart(7)} ms  ${k}`)
      .join('\n');
  console.log(`per run, sampled wall time in the page (4x): by script\n${top(scripts, 12)}`);
  console.log(`by function (self)\n${top(self, 25)}`);
  console.log(`by outermost frames\n${top(stacks, 20)}`);
});
