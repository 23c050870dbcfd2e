// Probe: where the offline reopen of home spends its time (figure 3). Signs a person up, caches
// home once online, then reopens offline at 4x CPU with a Chromium trace, and prints the
// navigation and script timings and the longest main-thread tasks. Not part of the bench.
// `node --import tsx scripts/bench/probes/reopen-trace.ts` after `npm run build`.
import { writeFileSync } from 'node:fs';
import { launchChromium } from '#test/support/chromium.ts';
import { startApp } from '#test/support/app-server.ts';
import { recordPageMarks, throttle, waitForMark } from '../figures/page-marks.ts';
import { signedInPerson } from '../figures/signed-in-person.ts';

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: { data?: Record<string, unknown> } };

const app = await startApp({});
const { browser } = await launchChromium();
try {
  const context = await signedInPerson(app, browser);
  await recordPageMarks(context);
  const warm = await context.newPage();
  await warm.goto(`${app.url}/web/home`);
  await waitForMark(warm, 'contacts');
  await warm.waitForTimeout(2000);
  await warm.close();
  await context.setOffline(true);
  for (let run = 0; run < Number(process.env.RUNS ?? 3); run += 1) {
    const page = await context.newPage();
    await throttle(page, { cpu: 4 });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'v8.execute', 'v8', 'blink.user_timing', 'loading', 'toplevel', 'disabled-by-default-devtools.timeline'],
    });
    await page.goto(`${app.url}/web/home`);
    const sos = await waitForMark(page, 'sos');
    const contacts = await waitForMark(page, 'contacts');
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    // A string: tsx would wrap a function's inner names in a helper the page lacks.
    const timing: unknown = await page.evaluate(`(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      return {
        nav: { workerStart: nav.workerStart, responseStart: nav.responseStart, responseEnd: nav.responseEnd, domInteractive: nav.domInteractive, domContentLoaded: nav.domContentLoadedEventEnd },
        resources: performance.getEntriesByType('resource').map((e) => e.name.replace(location.origin, '') + ' start ' + e.startTime.toFixed(0) + ' end ' + e.responseEnd.toFixed(0)),
        marks: performance.getEntriesByType('mark').map((m) => m.name + ' ' + m.startTime.toFixed(0)),
      };
    })()`);
    console.log(`run ${run}: sos ${sos.at.toFixed(0)} ms, contacts ${contacts.at.toFixed(0)} ms`);
    console.log(JSON.stringify(timing, null, 1));
    writeFileSync(`/tmp/reopen-trace-${run}.json`, JSON.stringify(trace));
    const navStart = trace.traceEvents.find((e) => e.name === 'navigationStart' || e.name === 'fetchStart')?.ts ?? 0;
    const mainTid = trace.traceEvents.find((e) => e.name === 'ParseHTML')?.tid;
    const tasks = trace.traceEvents
      .filter((e) => e.ph === 'X' && e.tid === mainTid && (e.dur ?? 0) > 8000 && ['RunTask', 'ThreadControllerImpl::RunTask'].includes(e.name))
      .map((task) => {
        const inner = trace.traceEvents
          .filter((e) => e.tid === mainTid && e.ph === 'X' && e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0) && e !== task && (e.dur ?? 0) > 3000)
          .map(
            (e) =>
              `${e.name}${e.args?.data?.url ? ` ${String(e.args.data.url).split('/').pop()}` : ''}${e.args?.data?.functionName ? ` ${String(e.args.data.functionName)}` : ''} ${((e.dur ?? 0) / 1000).toFixed(0)}`,
          )
          .slice(0, 6);
        return `  at ${((task.ts - navStart) / 1000).toFixed(0)} ms for ${((task.dur ?? 0) / 1000).toFixed(0)} ms: ${inner.join(' | ')}`;
      });
    console.log(tasks.join('\n'));
    await page.close();
  }
  await context.close();
} finally {
  await browser.close();
  await app.stop();
}
