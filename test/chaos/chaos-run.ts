import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { TcpFault } from '#test/support/tcp-fault-proxy.ts';
import { passEverything } from '#test/support/tcp-fault-proxy.ts';
import { sleep, startChaosStage, type ChaosStage } from './chaos-stage.ts';
import { closeInTime, judgeCheckIns, setCheckIns, waitForCheckIns, type CheckInCounts } from './check-ins.ts';
import { randomFaults, seededRandom, type FaultRates } from './fault-plan.ts';
import { callApi, signUpPeople, type Person } from './people.ts';
import { sameAnswer } from './same-answer.ts';
import { simulatedPhone, type PhoneTiming, type Press, type SimulatedPhone } from './simulated-phone.ts';
import { judge, zoneOfCycle, type Verdict } from './verdict.ts';

/** One storm and its counts. Phases run one after the other on the same servers and people. */
export type ChaosPhase = {
  title: string;
  /** Each person presses SOS and ends the alert this many times. */
  cycles: number;
  /** SIGKILLs of one app instance (in turn), each restarted on its port. */
  appKills: number;
  /** SIGKILLs of PostgreSQL alone: the instances stay up and must find it again. */
  postgresCrashes: number;
  /** SIGKILLs of PostgreSQL and both instances at once. */
  powerCuts: number;
  /** Periods in which the SMTP server answers every message with 451. */
  smtpOutages: number;
  /** At the end, every person presses once more with the same request sent to both instances at the same moment. */
  bothInstancesAtOnce: boolean;
  /** People of their own (who never press SOS) whose check-ins fall due during the storm. */
  checkIns: number;
};

export type ChaosOptions = {
  users: number;
  /** 1: one contact each; 2: every other person has two. */
  contacts: 1 | 2;
  /** How long an alert lasts before the person ends it, and the pause before the next one (ms, from..to). */
  holdMs: [number, number];
  gapMs: [number, number];
  smtpOutageMs: number;
  faultRates: FaultRates;
  timing: PhoneTiming;
  /** Send every n-th answered press again to both instances at the end (1: all of them). */
  recheckEvery: number;
  /** Every n-th check-in is closed with 'Estoy bien' before its deadline; the rest must fire. */
  checkInOkEvery: number;
  seed: number;
  /** How long the outbox may take to empty once a storm is over. */
  settleMs: number;
  phases: ChaosPhase[];
  log(line: string): void;
};

export type ChaosCounts = Verdict &
  CheckInCounts & {
    title: string;
    faults: Record<TcpFault | 'app-down', number>;
    smtpRefused: number;
    appRestarts: number;
    postgresRestarts: number;
    /** 5xx replies the phones read while PostgreSQL was up. */
    serverErrorsOutsideOutages: number;
    /** Requests answered differently by the two instances, or differently from the phone's first answer. */
    answersDiffering: number;
    /** Presses still queued on a phone at the end. */
    stillQueued: number;
    /** Instances found dead that nobody killed. */
    appsCrashed: number;
    /** Lines of the apps' output that hold an address, a token or a position. */
    logLeaks: number;
    /** The most repeats the crashes can explain: each cuts at most this many sends between the SMTP server's acceptance and our commit. */
    duplicateAllowance: number;
    seconds: number;
  };

/**
 * Mails one instance's outbox worker may have accepted by the SMTP server but not yet
 * committed as sent (outbox-worker.ts's lanes: 2 alert senders with batches of 10, and 1
 * sender of any e-mail with batches of 5): what one crash of that instance, or of
 * PostgreSQL under it, can make it send again.
 */
const WORKER_IN_FLIGHT = 2 * 10 + 5;

/** The time the check-ins' starts have before the storm: a loaded machine's answers, and more. */
const CHECK_INS_SET_MS = 4_000;

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

/** A press as the app makes it: a fresh key, the position already known, the phone's zone and clock. */
function pressOf(person: Person, cycle: number, status: '1' | '2'): Press {
  const latitude = `-33.${String(person.index).padStart(3, '0')}${String(cycle).padStart(3, '0')}`;
  const position = status === '1' ? { latitude, longitude: '-70.654321' } : { latitude: '', longitude: '' };
  return {
    user: person.index,
    cycle,
    status,
    key: randomUUID(),
    body: { alert_status: status, ...position, timezone: zoneOfCycle(cycle), pressed_at: new Date().toISOString() },
    unauthorized: 0,
  };
}

const sendPress = (baseUrl: string, person: Person, press: Press) =>
  callApi(baseUrl, 'PUT', 'active-button', {
    token: person.token,
    body: press.body,
    headers: { 'idempotency-key': press.key },
  });

/** Run `task` over `items`, `width` at a time. */
async function inTurns<T>(items: T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  const left = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = left.shift(); item !== undefined; item = left.shift()) await task(item);
    }),
  );
}

/**
 * The chaos run: `users` phones press SOS and end alerts through a TCP
 * proxy that drops, delays and resets connections, in front of two app
 * instances on one PostgreSQL server; instances, PostgreSQL and the whole
 * machine are SIGKILLed on a timeline and the SMTP server refuses mail for a
 * while. After each phase, what the database and the mail server hold is
 * counted against what the phones were told.
 */
export async function runChaos(options: ChaosOptions): Promise<ChaosCounts[]> {
  const random = seededRandom(options.seed);
  const between = ([from, to]: [number, number]) => from + random() * (to - from);
  const stage = await startChaosStage();
  const phones: SimulatedPhone[] = [];
  try {
    const checkInPeople = options.phases.reduce((sum, phase) => sum + phase.checkIns, 0);
    options.log(`signing up ${options.users} people and ${checkInPeople} who set check-ins, whose contacts accept`);
    const everyone = await signUpPeople(stage.proxy.url, stage.smtp, options.users + checkInPeople, options.contacts);
    const people = everyone.slice(0, options.users);
    // Each phase's check-ins are set by people of their own: a check-in fired in one phase leaves its alert on.
    let nextCheckInPerson = options.users;
    let serverErrors = 0;
    // A request on its way when PostgreSQL died, or sent while it was down, may fail; no other.
    const onReply = (status: number, sentAt: number) => {
      if (status >= 500 && !stage.metOutage(sentAt, Date.now())) serverErrors += 1;
    };
    for (const person of people)
      phones.push(simulatedPhone(() => stage.proxy.url, person.token, options.timing, onReply));

    const results: ChaosCounts[] = [];
    let firstCycle = 0;
    for (const phase of options.phases) {
      serverErrors = 0;
      results.push(await runPhase(phase, firstCycle));
      firstCycle += phase.cycles + 1;
    }
    return results;

    async function runPhase(phase: ChaosPhase, firstCycle: number): Promise<ChaosCounts> {
      const since = Date.now();
      const mailsBefore = stage.smtp.received.length;
      const faultsBefore = stage.proxy.counts();
      const refusedBefore = stage.smtp.refused;
      const restartsBefore = { ...stage.restarts };
      const presses: Press[] = [];

      options.log(`${phase.title}: the storm begins`);
      stage.proxy.setPlan(randomFaults(random, options.faultRates, options.timing.liveTimeoutMs * 2));
      const span = phase.cycles * ((options.holdMs[0] + options.holdMs[1] + options.gapMs[0] + options.gapMs[1]) / 2);
      const checkInPlans = everyone.slice(nextCheckInPerson, (nextCheckInPerson += phase.checkIns));
      // Set and answered before the storm, falling due while the instances and PostgreSQL are killed:
      // sent as the storm began, a loaded machine answered some only after the first kill and their deadline.
      const stormAt = since + CHECK_INS_SET_MS;
      const plans = await setCheckIns(stage.direct, checkInPlans, stormAt, span, options.checkInOkEvery);
      await sleep(stormAt - Date.now());
      const started = Date.now();
      const checkingIn = closeInTime(stage.direct, plans);
      const pressing = people.map(async (person) => {
        await sleep(between([0, options.holdMs[1]]));
        for (let cycle = firstCycle; cycle < firstCycle + phase.cycles; cycle += 1) {
          for (const status of ['1', '2'] as const) {
            const press = pressOf(person, cycle, status);
            presses.push(press);
            await phones[person.index]?.press(press);
            await sleep(between(status === '1' ? options.holdMs : options.gapMs));
          }
        }
      });
      await runTimeline(stage, phase, options, between, started);
      await Promise.all(pressing);
      const checkIns = await checkingIn;
      const appsCrashed = stage.apps.filter((app) => !app.isRunning());
      for (const app of appsCrashed) options.log(`${app.name} died on its own:\n${app.output().slice(-2_000)}`);

      options.log('the network heals and the phones come back online');
      stage.proxy.setPlan(passEverything);
      stage.smtp.refuse = false;
      await Promise.all(phones.map((phone) => phone.online()));
      await until(() => phones.every((phone) => phone.settled()), 60_000);

      let answersDiffering = 0;
      if (phase.bothInstancesAtOnce) {
        options.log('the same new press, to both instances at the same moment');
        for (const status of ['1', '2'] as const) {
          await inTurns(people, 25, async (person) => {
            const press = pressOf(person, firstCycle + phase.cycles, status);
            presses.push(press);
            const replies = await Promise.all(stage.direct.map((url) => sendPress(url, person, press)));
            if (replies.some((r) => r.status !== 200) || !sameAnswer(replies[0], replies[1])) answersDiffering += 1;
            press.seen = replies.every((r) => r.status === 200) ? 'answered' : 'refused';
            press.reply = replies[0];
          });
        }
      }
      options.log('answered presses again, to both instances');
      // Only presses the phone has an answer for: sending one it never delivered would hide its loss.
      await inTurns(
        presses.filter((press, n) => press.reply && n % options.recheckEvery === 0),
        20,
        async (press) => {
          const replies = await Promise.all(stage.direct.map((url) => sendPress(url, people[press.user]!, press)));
          if (replies.some((reply) => !sameAnswer(reply, press.reply))) answersDiffering += 1;
        },
      );

      options.log('waiting for the outbox to empty');
      // Connected after the storm: PostgreSQL's crashes are over.
      const db = new pg.Client({ connectionString: stage.postgres.url() });
      await db.connect();
      let verdict: Verdict;
      let checkInCounts: CheckInCounts;
      try {
        await waitForCheckIns(db, checkIns, options.settleMs);
        const emptied = await until(
          async () =>
            Number(
              (await db.query<{ n: string }>("select count(*) as n from outbox where status <> 'sent'")).rows[0]?.n,
            ) === 0,
          options.settleMs,
        );
        if (!emptied) options.log(`the outbox did not empty within ${options.settleMs} ms`);
        verdict = await judge(db, people, presses, stage.smtp.received.slice(mailsBefore), new Date(since));
        checkInCounts = await judgeCheckIns(db, checkIns, stage.smtp.received.slice(mailsBefore), new Date(since));
      } finally {
        await db.end();
      }

      const secrets = [
        ...everyone.flatMap((p) => [p.email, p.token, ...p.contacts]),
        ...presses.map((p) => p.body.latitude).filter(Boolean),
      ] as string[];
      const faults = stage.proxy.counts();
      for (const kind of Object.keys(faults) as (keyof typeof faults)[]) faults[kind] -= faultsBefore[kind];
      return {
        title: phase.title,
        ...verdict,
        ...checkInCounts,
        faults,
        smtpRefused: stage.smtp.refused - refusedBefore,
        appRestarts: stage.restarts.app - restartsBefore.app,
        postgresRestarts: stage.restarts.postgres - restartsBefore.postgres,
        serverErrorsOutsideOutages: serverErrors,
        answersDiffering,
        stillQueued: phones.reduce((sum, phone) => sum + phone.pending(), 0),
        appsCrashed: appsCrashed.length,
        logLeaks: stage.apps
          .flatMap((app) => app.output().split('\n'))
          .filter((line) => secrets.some((s) => line.includes(s))).length,
        duplicateAllowance:
          WORKER_IN_FLIGHT * (phase.appKills + stage.apps.length * (phase.postgresCrashes + phase.powerCuts)),
        seconds: Math.round((Date.now() - since) / 1000),
      };
    }
  } finally {
    for (const phone of phones) phone.close();
    await stage.close();
  }
}

/** The phase's kills and outages, spread evenly over the time the presses are expected to take. */
async function runTimeline(
  stage: ChaosStage,
  phase: ChaosPhase,
  options: ChaosOptions,
  between: (range: [number, number]) => number,
  started: number,
) {
  const down = () => between([200, 1_000]);
  const kinds: (() => Promise<void>)[][] = [
    Array.from({ length: phase.appKills }, (_, n) => () => {
      const app = stage.apps[n % stage.apps.length]!;
      options.log(`SIGKILL ${app.name}`);
      return stage.killApp(app, down());
    }),
    Array.from({ length: phase.smtpOutages }, () => async () => {
      options.log(`the SMTP server refuses mail for ${options.smtpOutageMs} ms`);
      stage.smtp.refuse = true;
      void sleep(options.smtpOutageMs).then(() => (stage.smtp.refuse = false));
    }),
    Array.from({ length: phase.postgresCrashes }, () => () => {
      options.log('SIGKILL PostgreSQL');
      return stage.crashPostgres(down());
    }),
    Array.from({ length: phase.powerCuts }, () => () => {
      options.log('power cut: SIGKILL PostgreSQL and both instances');
      return stage.powerCut(down());
    }),
  ];
  // Interleaved: a kill, an outage, a crash, a power cut, a kill...
  const events: (() => Promise<void>)[] = [];
  for (let n = 0; kinds.some((kind) => kind.length > n); n += 1)
    for (const kind of kinds) if (kind[n]) events.push(kind[n]!);
  const span = phase.cycles * ((options.holdMs[0] + options.holdMs[1] + options.gapMs[0] + options.gapMs[1]) / 2);
  // Each at its time, without waiting for the one before to recover: an instance may still be
  // restarting when PostgreSQL goes down, as under a real supervisor.
  const running: Promise<void>[] = [];
  for (const [n, event] of events.entries()) {
    await sleep(started + ((n + 1) * span) / (events.length + 1) - Date.now());
    running.push(event());
  }
  await Promise.all(running);
}
