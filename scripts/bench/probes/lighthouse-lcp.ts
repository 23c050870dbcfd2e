// Probe: which element is the largest contentful paint of a Lighthouse run on home signed in (figure 10),
// as the bench measures it (the Lighthouse CLI's defaults), and every LCP candidate the trace holds with
// its time after navigation and size. Writes each run's report to /tmp/lighthouse-lcp-<run>.json.
// Not part of the bench.
// `node --import tsx scripts/bench/probes/lighthouse-lcp.ts [signin|home] [runs]` after `npm run build`.
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { freePort, startApp } from '#test/support/app-server.ts';
import { launchPersistentChromium } from '#test/support/chromium.ts';
import type { TraceEvent } from '../figures/longest-task.ts';
import { signUpWithContact } from '../figures/signed-in-person.ts';

type Event = TraceEvent & { args?: { data?: Record<string, unknown>; frame?: string } };

const screen = process.argv[2] === 'signin' ? 'signin' : 'home';
const runs = Number(process.argv[3] ?? 3);

const app = await startApp();
const profile = await mkdtemp(path.join(tmpdir(), 'probe-lighthouse-lcp-'));
const port = await freePort();
const context = await launchPersistentChromium(profile, { locale: 'es-US' }, [`--remote-debugging-port=${port}`]);
const origin = new URL(app.url).origin;
try {
  if (screen === 'home') await signUpWithContact(app, context);
  const url = `${origin}${screen === 'home' ? '/web/home' : '/web/auth/signin'}`;
  for (let run = 1; run <= runs; run += 1) {
    const load = loadavg()[0]!.toFixed(2);
    const result = await lighthouse(url, { port, logLevel: 'error', output: 'json' });
    if (!result) throw new Error('lighthouse returned nothing');
    const { lhr } = result;
    writeFileSync(`/tmp/lighthouse-lcp-${run}.json`, JSON.stringify(lhr));
    const value = (id: string) => (lhr.audits[id]?.numericValue ?? Number.NaN).toFixed(0);
    console.log(
      `${screen} run ${run} (load ${load}): performance ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, FCP ${value('first-contentful-paint')} ms, LCP ${value('largest-contentful-paint')} ms, TBT ${value('total-blocking-time')} ms`,
    );
    const element = lhr.audits['largest-contentful-paint-element']?.details as
      { items?: Array<{ items?: Array<Record<string, unknown>> }> } | undefined;
    for (const table of element?.items ?? [])
      for (const item of table.items ?? []) {
        const node = item.node as { snippet?: string; selector?: string } | undefined;
        console.log(
          `  LCP ${node ? `element ${node.selector} ${node.snippet}` : `phase ${String(item.phase)} ${String(item.timing)} ms (${String(item.percent)})`}`,
        );
      }
    const events = (result.artifacts.Trace as { traceEvents: Event[] }).traceEvents;
    const navStart = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame)?.ts ?? 0;
    for (const e of events.filter(
      (o) => o.name.startsWith('largestContentfulPaint::') || o.name === 'firstContentfulPaint',
    ))
      console.log(
        `  observed ${e.name} at ${((e.ts - navStart) / 1000).toFixed(0)} ms ${JSON.stringify(e.args?.data ?? {})}`,
      );
    // Where the element sits and what it says: the same for every run of one screen.
    for (const element of result.artifacts.TraceElements ?? [])
      if (element.traceEventType === 'largest-contentful-paint')
        console.log(`  LCP node ${JSON.stringify(element.node)}`);
  }
} finally {
  await context.close();
  await rm(profile, { recursive: true, force: true });
  await app.stop();
}
