import { SOS_NETWORK_TIMEOUT_MS, SOS_REPLAY_TIMEOUT_MS } from '#shared/constants.ts';
import type { ChaosOptions } from './chaos-run.ts';
import { DEFAULT_FAULT_RATES } from './fault-plan.ts';

export type Scenario = Omit<ChaosOptions, 'log' | 'seed'>;

/**
 * Inside `npm test`, in well under a minute: 50 people, a few times faster than
 * life, one storm in which an instance is killed and PostgreSQL too, under the
 * running instances; 12 more whose check-ins fall due during it (every 4th
 * says 'Estoy bien' in time). (That no e-mail repeats when nothing crashes is the first
 * phase of `npm run test:chaos`.)
 */
export const quickChaos: Scenario = {
  users: 50,
  contacts: 1,
  holdMs: [500, 2_500],
  gapMs: [300, 1_000],
  smtpOutageMs: 1_000,
  faultRates: DEFAULT_FAULT_RATES,
  timing: { liveTimeoutMs: 1_000, replayTimeoutMs: 3_000, retryMs: [500, 1_000, 2_000] },
  recheckEvery: 3,
  checkInOkEvery: 4,
  settleMs: 30_000,
  phases: [
    {
      title: 'two instances, an instance and PostgreSQL killed',
      cycles: 2,
      appKills: 1,
      postgresCrashes: 1,
      powerCuts: 0,
      smtpOutages: 1,
      bothInstancesAtOnce: true,
      checkIns: 12,
    },
  ],
};

/**
 * `npm run test:chaos`: more people, the service worker's own time limits (the
 * page's retry timer shortened: it paces a run, it decides nothing), more kills,
 * and power cuts that take PostgreSQL and both instances down together.
 */
export const fullChaos: Scenario = {
  users: 120,
  contacts: 2,
  holdMs: [2_000, 8_000],
  gapMs: [1_000, 4_000],
  smtpOutageMs: 5_000,
  faultRates: DEFAULT_FAULT_RATES,
  timing: {
    liveTimeoutMs: SOS_NETWORK_TIMEOUT_MS,
    replayTimeoutMs: SOS_REPLAY_TIMEOUT_MS,
    retryMs: [1_000, 2_000, 4_000],
  },
  recheckEvery: 1,
  checkInOkEvery: 4,
  settleMs: 90_000,
  phases: [
    {
      title: 'two instances, faulty network, SMTP outages',
      cycles: 2,
      appKills: 0,
      postgresCrashes: 0,
      powerCuts: 0,
      smtpOutages: 2,
      bothInstancesAtOnce: true,
      checkIns: 20,
    },
    {
      title: 'instances, PostgreSQL and the machine killed',
      cycles: 4,
      appKills: 6,
      postgresCrashes: 2,
      powerCuts: 2,
      smtpOutages: 3,
      bothInstancesAtOnce: true,
      checkIns: 40,
    },
  ],
};
