// Probe: where the offline reopen of home spends its time (figure 3). Signs a person up, caches
// home once online, then reopens offline at 4x CPU with a Chromium trace, and prints the
// navigation and script timings and the longest main-thread tasks. Not part of the bench.
// `node --import tsx scripts/bench/probes/reopen-trace.ts` after `npm run build`.
import { writeFileSync } from 'node:fs';
import { throttle, waitForMark } from '../figures/page-marks.ts';
import { offlineReopen } from './probe-setup.ts';

// Before any script of the page: when each step of the reopen happened, in performance.now() time.
// A string: tsx would wrap a function's inner names in a helper the page lacks.
const RECORD_STEPS = `(() => {
  const steps = {};
  window.__reopenSteps = steps;
  const at = (name) => { if (!(name in steps)) steps[name] = Math.round(performance.now()); };
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (name, ...rest) {
    at('idb open ' + name + ' asked');
    const request = open.call(this, name, ...rest);
    request.addEventListener('success', () => at('idb open ' + name + ' done'));
    return request;
  };
  const decrypt = SubtleCrypto.prototype.decrypt;
  SubtleCrypto.prototype.decrypt = function (...args) {
    at('decrypt asked');
    return decrypt.apply(this, args).then((plain) => { at('decrypt done'); return plain; });
  };
  const look = () => {
    const splash = document.getElementById('splash');
    const uncovered = !splash || splash.classList.contains('splash--hidden') || splash.getClientRects().length === 0;
    if (document.querySelector('#early-sos') && document.querySelector('#early-sos').getBoundingClientRect().height > 0 && uncovered) at('early SOS painted');
    if (document.querySelector('script[type=module]') && performance.getEntriesByType('resource').some((e) => /index-[^/]*\\.js$/.test(e.name))) at('entry downloaded');
    if (document.getElementById('root') && !document.querySelector('.early-home') && document.readyState !== 'loading') at('app rendered');
    const sos = document.querySelector('button.sos-button:not(#early-sos)');
    if (uncovered && sos && !sos.disabled && sos.getBoundingClientRect().height > 0) at('app SOS painted');
    if (!('app SOS painted' in steps)) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();`;

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: Record<string, unknown> };
};

// BUILD_DIR: another build (main's, for a before and after) with this server (probe-setup.ts).
await offlineReopen(async (context, app, browser) => {
  await context.addInitScript({ content: RECORD_STEPS });
  const breakdowns: Array<Record<string, number>> = [];
  for (let run = 0; run < Number(process.env.RUNS ?? 3); run += 1) {
    const page = await context.newPage();
    await throttle(page, { cpu: 4 });
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'v8.execute',
        'v8',
        'blink.user_timing',
        'loading',
        'toplevel',
        'disabled-by-default-devtools.timeline',
      ],
    });
    await page.goto(`${app.url}/web/home`);
    const sos = await waitForMark(page, 'sos');
    const contacts = await waitForMark(page, 'contacts').catch(() => ({ at: Number.NaN }));
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
    const steps = (await page.evaluate('window.__reopenSteps')) as Record<string, number>;
    const nav = (timing as { nav: Record<string, number> }).nav;
    const breakdown = {
      'worker start': Math.round(nav.workerStart ?? 0),
      'response end': Math.round(nav.responseEnd ?? 0),
      'dom interactive': Math.round(nav.domInteractive ?? 0),
      ...steps,
    };
    breakdowns.push(breakdown);
    console.log(
      Object.entries(breakdown)
        .sort((a, b) => a[1] - b[1])
        .map(([name, ms]) => `  ${String(ms).padStart(5)} ms  ${name}`)
        .join('\n'),
    );
    if (process.env.VERBOSE) console.log(JSON.stringify(timing, null, 1));
    writeFileSync(`/tmp/reopen-trace-${run}.json`, JSON.stringify(trace));
    const navStart = trace.traceEvents.find((e) => e.name === 'navigationStart' || e.name === 'fetchStart')?.ts ?? 0;
    const mainTid = trace.traceEvents.find((e) => e.name === 'ParseHTML')?.tid;
    const tasks = trace.traceEvents
      .filter(
        (e) =>
          e.ph === 'X' &&
          e.tid === mainTid &&
          (e.dur ?? 0) > 8000 &&
          ['RunTask', 'ThreadControllerImpl::RunTask'].includes(e.name),
      )
      .map((task) => {
        const inner = trace.traceEvents
          .filter(
            (e) =>
              e.tid === mainTid &&
              e.ph === 'X' &&
              e.ts >= task.ts &&
              e.ts < task.ts + (task.dur ?? 0) &&
              e !== task &&
              (e.dur ?? 0) > 3000,
          )
          .map(
            (e) =>
              `${e.name}${e.args?.data?.url ? ` ${String(e.args.data.url).split('/').pop()}` : ''}${e.args?.data?.functionName ? ` ${String(e.args.data.functionName)}` : ''} ${((e.dur ?? 0) / 1000).toFixed(0)}`,
          )
          .slice(0, 6);
        return `  at ${((task.ts - navStart) / 1000).toFixed(0)} ms for ${((task.dur ?? 0) / 1000).toFixed(0)} ms: ${inner.join(' | ')}`;
      });
    if (process.env.VERBOSE) console.log(tasks.join('\n'));
    await page.close();
  }
  const names = [...new Set(breakdowns.flatMap((row) => Object.keys(row)))];
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  console.log(`median of ${breakdowns.length} runs:`);
  const rows = names.map(
    (name) => [name, median(breakdowns.map((row) => row[name]).filter((v): v is number => v !== undefined))] as const,
  );
  console.log(
    rows
      .sort((a, b) => a[1] - b[1])
      .map(([name, ms]) => `  ${String(ms).padStart(5)} ms  ${name}`)
      .join('\n'),
  );
});
