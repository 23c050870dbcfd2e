import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileSecondsFrom, withTable } from './refresh-file-seconds.ts';

const root = path.resolve(import.meta.dirname, '../..');
const at = (file: string) => path.join(root, file);

describe("the browser files' table, refreshed from a JSON report", () => {
  it('times the browser and chaos files longest first, in whole seconds, and leaves the other projects out', () => {
    expect(
      fileSecondsFrom({
        testResults: [
          { name: at('test/e2e/short.test.ts'), startTime: 1_000, endTime: 13_400 },
          { name: at('test/server/a.db.test.ts'), startTime: 0, endTime: 90_000 },
          { name: at('test/chaos/power-cut.test.ts'), startTime: 0, endTime: 61_600 },
          { name: at('test/e2e/long.test.ts'), startTime: 5_000, endTime: 129_000 },
          { name: at('test/e2e/instant.test.ts'), startTime: 0, endTime: 20 },
        ],
      }),
    ).toEqual([
      ['e2e:test/e2e/long.test.ts', 124],
      ['chaos:test/chaos/power-cut.test.ts', 62],
      ['e2e:test/e2e/short.test.ts', 12],
      ['e2e:test/e2e/instant.test.ts', 1],
    ]);
  });

  it('replaces the table and keeps what comes before and after it', () => {
    const source =
      "/** Why. */\nexport const FILE_SECONDS: Readonly<Record<string, number>> = {\n  'e2e:old.test.ts': 9,\n};\n";
    expect(withTable(source, [['e2e:test/e2e/new.test.ts', 3]])).toBe(
      "/** Why. */\nexport const FILE_SECONDS: Readonly<Record<string, number>> = {\n  'e2e:test/e2e/new.test.ts': 3,\n};\n",
    );
  });
});
