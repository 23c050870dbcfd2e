// Probe: which element is the largest contentful paint of a Lighthouse run on home signed in (figure 10),
// as the bench measures it (the Lighthouse CLI's defaults), and every LCP candidate the trace holds with
// its time after navigation and size. Writes each run's report to /tmp/lighthouse-lcp-<run>.json.
// Not part of the bench.
// `node --import tsx scripts/bench/probes/lighthouse-lcp.ts [signin|home] [runs]` after `npm run build`.
import { writeFileSync } from 'node:fs';
import type { TraceEvent } from '../figures/longest-task.ts';
import { lighthouseRuns } from './probe-setup.ts';

type Event = TraceEvent & { args?: { data?: Record<string, unknown>; frame?: string } };

const screen = process.argv[2] === 'signin' ? 'signin' : 'home';
const runs = Number(process.argv[3] ?? 3);

await lighthouseRuns('probe-lighthouse-lcp-', screen, runs, (result, run, load) => {
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
});
