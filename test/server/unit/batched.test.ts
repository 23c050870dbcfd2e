import { describe, expect, it } from 'vitest';
import { batched } from '#server/db/batched.ts';

/** A `run` whose batches finish when the test says so. */
function controlledRun() {
  const batches: { items: number[]; finish: (error?: Error) => void }[] = [];
  const run = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push({ items, finish: (error) => (error ? reject(error) : resolve(items.map((item) => `#${item}`))) });
    });
  return { run, batches };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('batched', () => {
  it('runs a lone call at once, and the calls that wait for a free batch together, each getting its own answer', async () => {
    const { run, batches } = controlledRun();
    const call = batched(run, { maxBatch: 10, maxInFlight: 1 });
    const first = call(1);
    await turn();
    expect(batches.map((batch) => batch.items)).toEqual([[1]]);
    const waiting = [call(2), call(3), call(4)];
    await turn();
    expect(batches).toHaveLength(1);
    batches[0]!.finish();
    await expect(first).resolves.toBe('#1');
    await turn();
    expect(batches.map((batch) => batch.items)).toEqual([[1], [2, 3, 4]]);
    batches[1]!.finish();
    await expect(Promise.all(waiting)).resolves.toEqual(['#2', '#3', '#4']);
  });

  it('keeps batches to maxBatch and runs maxInFlight of them at once', async () => {
    const { run, batches } = controlledRun();
    const call = batched(run, { maxBatch: 2, maxInFlight: 2 });
    const answers = Promise.all([1, 2, 3, 4, 5].map(call));
    await turn();
    expect(batches.map((batch) => batch.items)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    batches[1]!.finish();
    await turn();
    expect(batches.map((batch) => batch.items)).toEqual([[1, 2], [3, 4], [5]]);
    batches[0]!.finish();
    batches[2]!.finish();
    await expect(answers).resolves.toEqual(['#1', '#2', '#3', '#4', '#5']);
  });

  it("gives a failed batch's error to each of its calls, and goes on with the next batch", async () => {
    const { run, batches } = controlledRun();
    const call = batched(run, { maxBatch: 10, maxInFlight: 1 });
    const failing = [call(1), call(2)];
    await turn();
    const later = call(3);
    batches[0]!.finish(new Error('connection lost'));
    for (const one of failing) await expect(one).rejects.toThrow('connection lost');
    await turn();
    batches[1]!.finish();
    await expect(later).resolves.toBe('#3');
  });
});
