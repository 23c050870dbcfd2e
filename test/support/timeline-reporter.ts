import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Where a run's wall time goes: when each file started in a worker and when it ended, by project,
 * and how many files ran at once. Added beside the default reporter when measuring:
 * `npx vitest run --reporter=default --reporter=./test/support/timeline-reporter.ts`.
 * The table goes to TIMELINE_FILE (default: vitest-timeline.json in the temp dir), a summary to stdout.
 */
export default class TimelineReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly rows: { project: string; file: string; start: number; end: number }[] = [];
  private runStart = Date.now();

  onTestRunStart() {
    this.runStart = Date.now();
  }

  onTestModuleQueued(module: TestModule) {
    this.started.set(module.id, Date.now());
  }

  onTestModuleEnd(module: TestModule) {
    const start = this.started.get(module.id) ?? this.runStart;
    this.rows.push({
      project: module.project.name,
      file: path.relative(process.cwd(), module.moduleId),
      start: (start - this.runStart) / 1000,
      end: (Date.now() - this.runStart) / 1000,
    });
  }

  onTestRunEnd() {
    const rows = [...this.rows].sort((a, b) => a.start - b.start);
    writeFileSync(
      process.env.TIMELINE_FILE ?? path.join(tmpdir(), 'vitest-timeline.json'),
      JSON.stringify(rows, null, 1),
    );
    const lines = ['Timeline (s from the run start): project, first start, last end, file-seconds'];
    for (const project of [...new Set(rows.map((row) => row.project))]) {
      const own = rows.filter((row) => row.project === project);
      const busy = own.reduce((sum, row) => sum + row.end - row.start, 0);
      const first = Math.min(...own.map((row) => row.start));
      const last = Math.max(...own.map((row) => row.end));
      lines.push(`  ${project.padEnd(14)} ${first.toFixed(1)} ${last.toFixed(1)} ${busy.toFixed(1)}`);
    }
    // Seconds spent with 0, 1, 2, … files running: where workers stood idle.
    const edges = rows.flatMap((row) => [
      { at: row.start, delta: 1 },
      { at: row.end, delta: -1 },
    ]);
    edges.sort((a, b) => a.at - b.at || a.delta - b.delta);
    const byCount = new Map<number, number>();
    let running = 0;
    let last = 0;
    for (const edge of edges) {
      byCount.set(running, (byCount.get(running) ?? 0) + edge.at - last);
      running += edge.delta;
      last = edge.at;
    }
    lines.push(
      `  files at once: ${[...byCount.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([count, seconds]) => `${count}: ${seconds.toFixed(1)} s`)
        .join(', ')}`,
    );
    console.log(lines.join('\n'));
  }
}
