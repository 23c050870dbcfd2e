import { parentPort, workerData } from 'node:worker_threads';
import type { ThreadMessage } from '#server/sender/supervised-thread.ts';

/**
 * A thread body for the supervisor's tests (src/server/sender/supervised-thread.ts): each start
 * takes the next fate of `plan`, counted in `starts`, shared with the test.
 * - 'dies-when-ready': says it is ready, then dies of an uncaught error;
 * - 'fails-to-start': dies before it is ready, as the sender does when the database cannot be reached;
 * - 'runs': runs until asked to stop, as the sender does.
 */
export type ThreadFate = 'dies-when-ready' | 'fails-to-start' | 'runs';
export type ThreadOnCueData = { starts: Int32Array; plan: ThreadFate[] };

const port = parentPort;
if (!port) throw new Error('thread-on-cue.ts runs only as a thread');
const { starts, plan } = workerData as ThreadOnCueData;
const fate = plan[Atomics.add(starts, 0, 1)] ?? 'runs';
const post = (message: ThreadMessage) => port.postMessage(message);

if (fate === 'fails-to-start') throw new Error('sin base de datos');
post({ type: 'log', lines: [{ level: 'info', message: `arranque ${Atomics.load(starts, 0)}` }] });
post({ type: 'ready' });
if (fate === 'dies-when-ready')
  setTimeout(() => {
    throw new Error('fallo inesperado');
  }, 10);
port.on('message', (message: unknown) => {
  if (message === 'stop') port.close();
});
