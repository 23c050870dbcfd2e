import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { freePort } from '#test/support/app-server.ts';
import { launchPersistentChromium } from '#test/support/chromium.ts';
import type { BenchContext, Measurement } from '../types.ts';
import { longestTaskCpuMs, type TraceEvent } from './longest-task.ts';
import { signUpWithContact } from './signed-in-person.ts';

const FIGURE = '10. Lighthouse';
const RUNS = 5;

type Audit = {
  score: number;
  seo: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  /** The longest task after the first paint by the main thread's CPU time, times 4 (longest-task.ts). */
  longestTask: number;
  cls: number;
};

let version = '';

async function audit(url: string, port: number): Promise<Audit> {
  // Lighthouse's defaults, as its CLI runs: the mobile preset (a Moto G Power's screen, simulated slow 4G
  // at 150 ms RTT and 1.6 Mbit/s, a 4x slower CPU applied to the trace afterwards), every category, and
  // its storage reset before each run (the worker, Cache Storage and the HTTP cache). That reset leaves
  // IndexedDB alone, so the session stored there by a sign-in in the same profile still opens home.
  const result = await lighthouse(url, { port, logLevel: 'error', output: 'json' });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // A home that sent the person to sign-in (the session not found) would be measured as the wrong screen.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl}`);
  version = lhr.lighthouseVersion;
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const score = (category: string) => Math.round((lhr.categories[category]?.score ?? Number.NaN) * 100);
  return {
    score: score('performance'),
    seo: score('seo'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    longestTask: longestTaskCpuMs((result.artifacts.Trace as { traceEvents: TraceEvent[] }).traceEvents),
    cls: value('cumulative-layout-shift'),
  };
}

async function runs(url: string, port: number): Promise<Audit[]> {
  const audits: Audit[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    audits.push(await audit(url, port));
  }
  return audits;
}

function rows(screen: string, audits: Audit[], note: string): Measurement[] {
  const of = (key: keyof Audit) => audits.map((a) => a[key]);
  console.log(
    `  ${screen}: performance ${of('score').join(', ')}; SEO ${of('seo').join(', ')}; accessibility ${of('accessibility').join(', ')}; best practices ${of('bestPractices').join(', ')}; TBT ${of(
      'tbt',
    )
      .map((ms) => ms.toFixed(0))
      .join(', ')} ms; longest task (CPU, 4x) ${of('longestTask')
      .map((ms) => ms.toFixed(0))
      .join(', ')} ms; LCP ${of('lcp')
      .map((ms) => ms.toFixed(0))
      .join(', ')} ms`,
  );
  return [
    {
      figure: FIGURE,
      what: `${screen}: performance score`,
      unit: 'score',
      samples: of('score'),
      budget: { min: 95 },
      note,
    },
    { figure: FIGURE, what: `${screen}: first contentful paint`, unit: 'ms', samples: of('fcp') },
    {
      figure: FIGURE,
      what: `${screen}: largest contentful paint`,
      unit: 'ms',
      samples: of('lcp'),
      budget: { max: 1800 },
    },
    { figure: FIGURE, what: `${screen}: total blocking time`, unit: 'ms', samples: of('tbt'), budget: { max: 200 } },
    {
      figure: FIGURE,
      what: `${screen}: longest task after the first paint, by CPU time, 4x`,
      unit: 'ms',
      samples: of('longestTask'),
      // A task over 50 ms blocks a slow phone's taps (what TBT adds up); by CPU time, a busy machine does not lengthen it.
      budget: { max: 50 },
      note: "the main thread's CPU time per task in Lighthouse's trace (tdur), times the preset's 4x slowdown",
    },
    { figure: FIGURE, what: `${screen}: cumulative layout shift`, unit: 'score', samples: of('cls') },
    { figure: FIGURE, what: `${screen}: SEO score`, unit: 'score', samples: of('seo'), budget: { min: 100 } },
    {
      figure: FIGURE,
      what: `${screen}: accessibility score`,
      unit: 'score',
      samples: of('accessibility'),
      budget: { min: 100 },
    },
    {
      figure: FIGURE,
      what: `${screen}: best practices score`,
      unit: 'score',
      samples: of('bestPractices'),
      budget: { min: 100 },
    },
  ];
}

/**
 * Lighthouse (the npm package, mobile preset) against our Chromium, sign-in and then
 * home signed in, each run a first load. Lighthouse drives a Chromium we launched
 * with a profile and a debugging port: the same profile where a person signed up
 * in between, so home opens with the session stored in its IndexedDB.
 */
export async function lighthouseFigures(bench: BenchContext): Promise<Measurement[]> {
  const profile = await mkdtemp(path.join(tmpdir(), 'bench-lighthouse-'));
  const port = await freePort();
  const context = await launchPersistentChromium(profile, { locale: 'es-US' }, [`--remote-debugging-port=${port}`]);
  const origin = new URL(bench.app.url).origin;
  try {
    const signin = await runs(`${origin}/web/auth/signin`, port);
    await signUpWithContact(bench.app, context);
    const home = await runs(`${origin}/web/home`, port);
    const how = `Lighthouse ${version} with its CLI defaults (mobile preset, simulated slow 4G, 4x CPU, every category, storage reset), ${RUNS} runs, median`;
    return [
      ...rows('signin', signin, `${how}; \`lighthouse <origin>/web/auth/signin\``),
      ...rows(
        'home signed in',
        home,
        `${how}; sign in once in a Chromium profile, then \`lighthouse <origin>/web/home --chrome-flags="--user-data-dir=<that profile> --headless=new"\` (the reset clears the worker and caches, not the session in IndexedDB)`,
      ),
    ];
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}
