import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Budget, Measurement } from './types.ts';

export type Row = Measurement & { median: number; min: number; max: number; pass: boolean | null };

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function meets(value: number, budget: Budget | undefined): boolean | null {
  if (!budget) return null;
  return 'max' in budget ? value <= budget.max : value >= budget.min;
}

export function summarise(measurements: Measurement[]): Row[] {
  return measurements.map((m) => {
    const mid = median(m.samples);
    return { ...m, median: mid, min: Math.min(...m.samples), max: Math.max(...m.samples), pass: meets(mid, m.budget) };
  });
}

const round = (value: number) => (Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(1));
const budgetText = (budget: Budget | undefined, unit: string) => (!budget ? '' : 'max' in budget ? `<= ${budget.max} ${unit}` : `>= ${budget.min} ${unit}`);
const verdict = (pass: boolean | null) => (pass === null ? '' : pass ? 'pass' : '**FAIL**');

export function markdownTable(rows: Row[]): string {
  const lines = [
    '| figure | what | median | min | max | runs | budget | result | how |',
    '|---|---|---:|---:|---:|---:|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.figure} | ${r.what} | ${round(r.median)} ${r.unit} | ${round(r.min)} | ${round(r.max)} | ${r.samples.length} | ${budgetText(r.budget, r.unit)} | ${verdict(r.pass)} | ${r.note ?? ''} |`,
    ),
  ];
  return lines.join('\n');
}

export type RunInfo = { date: string; quick: boolean; machine: string; browser: string; database: string; seconds: number };

export async function writeReport(root: string, rows: Row[], info: RunInfo): Promise<void> {
  const docs = path.join(root, 'docs');
  await mkdir(docs, { recursive: true });
  const header = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (scripts/bench/). Each figure is the median of repeated runs, with min and max;',
    'the budgets are those of DESIGN.md section 6 and issue 7. Timings are of this machine and this run: compare',
    'runs of one machine, not machines.',
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
