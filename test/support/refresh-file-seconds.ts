import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Rewrites the table of test/support/file-seconds.ts from a run of Vitest's JSON reporter:
 *
 *   npx vitest run --project e2e --reporter=json --outputFile=/tmp/e2e.json
 *   node --import tsx test/support/refresh-file-seconds.ts /tmp/e2e.json
 *
 * Each file's seconds are its endTime - startTime in that run, whole seconds, longest first; the
 * browser and chaos files only (the projects run-order.ts hands out first). A run that failed a
 * file still times it: the order is what matters, not the figure.
 */

type JsonReport = { testResults: { name: string; startTime: number; endTime: number }[] };

const root = path.resolve(import.meta.dirname, '../..');
/** The projects whose files are timed, by the folder their files live in (test/vitest-projects.ts). */
const PROJECT_OF_FOLDER: Readonly<Record<string, string>> = { 'test/e2e': 'e2e', 'test/chaos': 'chaos' };

export function fileSecondsFrom(report: JsonReport): [string, number][] {
  const rows: [string, number][] = [];
  for (const result of report.testResults) {
    const file = path.relative(root, result.name);
    const project = PROJECT_OF_FOLDER[path.dirname(file)];
    if (!project) continue;
    rows.push([`${project}:${file}`, Math.max(1, Math.round((result.endTime - result.startTime) / 1000))]);
  }
  return rows.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** file-seconds.ts with its table replaced by `rows`, everything before the table kept. */
export function withTable(source: string, rows: [string, number][]): string {
  const start = source.indexOf('= {\n');
  const end = source.indexOf('\n};', start);
  if (start < 0 || end < 0) throw new Error('No table in file-seconds.ts');
  const lines = rows.map(([key, seconds]) => `  '${key}': ${seconds},`);
  return `${source.slice(0, start)}= {\n${lines.join('\n')}${source.slice(end)}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const reportFile = process.argv[2];
  if (!reportFile) throw new Error('Usage: node --import tsx test/support/refresh-file-seconds.ts <report.json>');
  const rows = fileSecondsFrom(JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport);
  if (rows.length === 0) throw new Error(`No browser or chaos file in ${reportFile}`);
  const target = path.join(import.meta.dirname, 'file-seconds.ts');
  writeFileSync(target, withTable(readFileSync(target, 'utf8'), rows));
  console.log(`${rows.length} files timed in ${target}`);
}
