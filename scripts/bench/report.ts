import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Budget, Measurement } from './types.ts';
import { BUSY_SHARE, QUIET_CALIBRATION, dependsOnLoad, judge, stateText, verdictText } from './verdict.ts';
import type { Verdict } from './verdict.ts';

/**
 * `missing`: why the measurement gave no figure (set only then). Its median, min and max are NaN and
 * never printed, and its result is FAIL whatever the budget or the machine: a bench that lost its
 * figure measured nothing, and must say so rather than print NaN.
 */
export type Row = Measurement & { median: number; min: number; max: number; result: Verdict; missing?: string };

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Why `samples` make no figure (none at all, or one that is not a finite number), or undefined. */
export function missingFigure(samples: number[]): string | undefined {
  if (!samples.length) return 'no sample';
  const bad = samples.filter((sample) => !Number.isFinite(sample)).length;
  return bad ? `${bad} of ${samples.length} samples not a number` : undefined;
}

/** `machine`: the state around each row's figure (scripts/bench/verdict.ts judges timings by it). */
export function summarise(measurements: Measurement[]): Row[] {
  return measurements.map((m) => {
    const missing = missingFigure(m.samples);
    if (missing) return { ...m, median: Number.NaN, min: Number.NaN, max: Number.NaN, result: 'FAIL', missing };
    const mid = median(m.samples);
    return {
      ...m,
      median: mid,
      min: Math.min(...m.samples),
      max: Math.max(...m.samples),
      result: judge(mid, m.unit, m.budget, m.machine),
    };
  });
}

// A layout shift score lives below 1: three decimals, as Lighthouse shows it.
const round = (value: number) =>
  Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) < 1 && value !== 0 ? value.toFixed(3) : value.toFixed(1);
const budgetText = (budget: Budget | undefined, unit: string) =>
  !budget ? '' : 'max' in budget ? `<= ${budget.max} ${unit}` : `>= ${budget.min} ${unit}`;
// A judged timing shows the machine it was judged on beside its verdict.
const resultText = (r: Row) =>
  r.result !== null && dependsOnLoad(r.unit)
    ? `${verdictText(r.result)} (${stateText(r.machine)})`
    : verdictText(r.result);

export function markdownTable(rows: Row[]): string {
  const lines = [
    '| figure | what | median | min | max | runs | budget | result | how |',
    '|---|---|---:|---:|---:|---:|---|---|---|',
    ...rows.map((r) =>
      r.missing
        ? `| ${r.figure} | ${r.what} | **no figure: ${r.missing}** | | | ${r.samples.length} | ${budgetText(r.budget, r.unit)} | ${verdictText(r.result)} | ${r.note ?? ''} |`
        : `| ${r.figure} | ${r.what} | ${round(r.median)} ${r.unit} | ${round(r.min)} | ${round(r.max)} | ${r.samples.length} | ${budgetText(r.budget, r.unit)} | ${resultText(r)} | ${r.note ?? ''} |`,
    ),
  ];
  return lines.join('\n');
}

export type RunInfo = {
  date: string;
  quick: boolean;
  machine: string;
  browser: string;
  database: string;
  seconds: number;
};

export async function writeReport(root: string, rows: Row[], info: RunInfo): Promise<void> {
  const docs = path.join(root, 'docs');
  await mkdir(docs, { recursive: true });
  const header = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (scripts/bench/). Each figure is the median of repeated runs, with min and max;',
    'the budgets are those of DESIGN.md section 6. Timings are of this machine and this run: compare',
    'runs of one machine, not machines.',
    `Timings are judged only when the calibration around their figure (GET an unknown /api path, 100 connections)`,
    `reached ${BUSY_SHARE * 100}% of the quiet ${QUIET_CALIBRATION} req/s (scripts/bench/verdict.ts, docs/decisions/021-latency-judged-by-calibration.md);`,
    "otherwise they read 'machine too busy to judge'. Byte and memory figures are always judged.",
    'Figure 15 (duress PIN timing): each route that checks a PIN is asked on two accounts alike, with the real and the',
    'duress PIN in turn, 100 tries a PIN; its row is how often one try is told apart by a single threshold on its time,',
    'estimated by 2-fold cross-validation: the threshold (every one and both ways round tried, the best kept) is chosen on',
    'the even-numbered tries and judged on the odd ones, then the other way round, and the two accuracies averaged. It',
    'fails above 60%. Judged on the tries it was chosen on, the best threshold flattered itself: two samples of one same',
    'distribution passed 60% once in 40 rows (one run in four had a FAIL by chance). Cross-validated, two samples of one',
    'distribution average 50% and pass 60% about once in 240 rows (one run of eleven rows in 22; 20,000 simulated runs,',
    'scripts/bench/load/threshold-accuracy.ts and its test): a FAIL near the budget still calls for a second run before',
    'it is believed; a real leak stays far above it.',
    '',
    `- run: ${info.date}${info.quick ? ' (quick)' : ''}, ${info.seconds.toFixed(0)} s`,
    `- machine: ${info.machine}`,
    `- browser: ${info.browser}`,
    `- database: ${info.database}`,
    '',
  ];
  // A blank line before the table, or Markdown reads it as part of the list above.
  await writeFile(path.join(docs, 'benchmarks.md'), `${header.join('\n')}\n${markdownTable(rows)}\n`);
  await writeFile(path.join(docs, 'benchmarks.json'), `${JSON.stringify({ ...info, rows }, null, 2)}\n`);
}
