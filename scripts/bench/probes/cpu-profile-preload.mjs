// Loaded into the server by alert-profile.ts (NODE_OPTIONS=--import=…): Node 20
// refuses --cpu-prof in NODE_OPTIONS, so this drives V8's profiler itself. The
// SIGUSR2 starts it, the next one writes CPU_PROFILE_FILE (overwriting an
// earlier one): the profile covers what the probe chose, not start-up or seeding.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: Number(process.env.CPU_PROFILE_INTERVAL_US ?? 200) });
let started = false;
process.on('SIGUSR2', () => {
  started = !started;
  if (started) {
    session.post('Profiler.start');
    return;
  }
  session.post('Profiler.stop', (error, result) => {
    if (!error) writeFileSync(process.env.CPU_PROFILE_FILE ?? 'server.cpuprofile', JSON.stringify(result.profile));
  });
});
