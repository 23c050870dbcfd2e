import { afterEach, describe, expect, it } from 'vitest';
import { tsxThreadEntry } from '#server/sender/sender-thread.ts';
import { startSupervisedThread, type SupervisedThread } from '#server/sender/supervised-thread.ts';
import { captureLog } from '#test/support/capture-log.ts';
import type { ThreadFate, ThreadOnCueData } from '#test/support/thread-on-cue.ts';

// The sender's thread is the only way an instance's e-mails and pushes leave: whatever ends it, it
// must come back, even when what ended it (a database being replaced) is still there at the first
// try. Real threads, through the same tsx bootstrap as the sender's; only their body is a stand-in
// that dies on cue.

const entry = tsxThreadEntry(new URL('../../support/thread-on-cue.ts', import.meta.url));
const restart = { firstMs: 20, mostMs: 80 };

function threadOnCue(plan: ThreadFate[]) {
  const data: ThreadOnCueData = { starts: new Int32Array(new SharedArrayBuffer(4)), plan };
  return { data, starts: () => Atomics.load(data.starts, 0) };
}

describe('a supervised thread', () => {
  let thread: SupervisedThread | undefined;
  afterEach(async () => {
    await thread?.stop();
    thread = undefined;
  });

  it('comes back after it dies, however many starts fail before it runs again', async () => {
    const log = captureLog();
    const { data, starts } = threadOnCue([
      'dies-when-ready',
      'fails-to-start',
      'fails-to-start',
      'fails-to-start',
      'fails-to-start',
      'runs',
    ]);
    thread = await startSupervisedThread({ entry, workerData: data, name: 'prueba', log, restart });
    await expect.poll(() => log.text(), { timeout: 20_000 }).toContain('arranque 6');
    expect(starts()).toBe(6);
    // Each failed start waits twice as long as the one before, up to the most.
    expect(log.lines.filter((line) => line.level === 'error').map((line) => line.message)).toEqual([
      'hilo de prueba: Error',
      'el hilo de prueba terminó (código 1); se reinicia',
      'hilo de prueba: Error',
      'el hilo de prueba no arrancó (código 1); nuevo intento en 40 ms',
      'hilo de prueba: Error',
      'el hilo de prueba no arrancó (código 1); nuevo intento en 80 ms',
      'hilo de prueba: Error',
      'el hilo de prueba no arrancó (código 1); nuevo intento en 80 ms',
      'hilo de prueba: Error',
      'el hilo de prueba no arrancó (código 1); nuevo intento en 80 ms',
    ]);
    await thread.stop();
    thread = undefined;
    expect(starts()).toBe(6);
  }, 30_000);

  it('refuses to start when its first start fails, and tries no more', async () => {
    const log = captureLog();
    const { data, starts } = threadOnCue(['fails-to-start', 'runs']);
    await expect(startSupervisedThread({ entry, workerData: data, name: 'prueba', log, restart })).rejects.toThrow(
      'el hilo de prueba terminó al arrancar (código 1)',
    );
    expect(starts()).toBe(1);
  });
});
