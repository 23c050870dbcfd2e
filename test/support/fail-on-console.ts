import { afterEach, beforeEach, vi } from 'vitest';

// Warnings are bugs that have not happened yet: a test fails on console.error or
// console.warn unless it expects them with `expectConsole('warn')`.
const expected = new Set<'error' | 'warn'>();
const seen: string[] = [];

export function expectConsole(kind: 'error' | 'warn') {
  expected.add(kind);
}

beforeEach(() => {
  expected.clear();
  seen.length = 0;
  for (const kind of ['error', 'warn'] as const) {
    vi.spyOn(console, kind).mockImplementation((...args: unknown[]) => {
      if (!expected.has(kind)) seen.push(`console.${kind}: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  if (seen.length > 0) throw new Error(`Unexpected console output:\n${seen.join('\n')}`);
});
