// Loaded into every thread of the server by burst-split.ts (NODE_OPTIONS=--import=…,
// which worker threads run too). Each thread writes its OS thread id, so the probe can
// read that thread's CPU from /proc; and while the file PROBE_DIR/profile-on exists, V8's
// profiler runs in each thread (a signal reaches only the main thread), then writes
// PROBE_DIR/thread-<threadId>.cpuprofile.
import { existsSync, readlinkSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

const dir = process.env.PROBE_DIR;
if (dir) {
  const tid = readlinkSync('/proc/thread-self').split('/').pop();
  writeFileSync(path.join(dir, `thread-${threadId}.tid`), String(tid));
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: Number(process.env.CPU_PROFILE_INTERVAL_US ?? 500) });
  let on = false;
  setInterval(() => {
    const wanted = existsSync(path.join(dir, 'profile-on'));
    if (wanted === on) return;
    on = wanted;
    if (on) return session.post('Profiler.start');
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(path.join(dir, `thread-${threadId}.cpuprofile`), JSON.stringify(result.profile));
    });
  }, 100).unref();
}
