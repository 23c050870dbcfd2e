import { SOS_REPLAY_LOCK } from '#shared/constants.ts';
import { replayRound, type ReplayDeps, type ReplayRound } from './replay.ts';
import type { WithLock } from './session-tokens.ts';
import { singleFlight } from './single-flight.ts';

export interface SosReplayer {
  /** Starts a round, or joins the running one (and asks for one more after it). */
  run(): Promise<ReplayRound>;
  isRunning(): boolean;
  /** The last round ended on a 401 that a refresh could not cure. */
  needsSignIn(): boolean;
}

export interface SosReplayerDeps extends ReplayDeps {
  /** After every round and every change of `isRunning`: the pages' view is rebuilt from here. */
  onStateChange(): Promise<void> | void;
  /**
   * The Web Lock that keeps two workers (the active one and an update starting
   * beside it) from replaying at once; within one worker, single-flight does it.
   */
  withLock: WithLock;
}

/** The one replay loop of the worker, whatever triggered it (sync, start, page, message). */
export function createSosReplayer(deps: SosReplayerDeps): SosReplayer {
  let needsSignIn = false;

  const flight = singleFlight(async () => {
    await deps.onStateChange();
    const round = await deps.withLock(SOS_REPLAY_LOCK, () => replayRound(deps));
    needsSignIn = nextNeedsSignIn(needsSignIn, round);
    return round;
  });

  return {
    async run() {
      const round = await flight.run();
      // After the flight settles, so the pages see `replaying: false` with the result.
      await deps.onStateChange();
      return round;
    },
    isRunning: flight.isRunning,
    needsSignIn: () => needsSignIn,
  };
}

/** A round that failed on the network says nothing new about the session, unless something got through. */
export function nextNeedsSignIn(previous: boolean, round: ReplayRound): boolean {
  if (round.outcome === 'needs-sign-in') return true;
  if (round.outcome === 'empty' || round.delivered > 0) return false;
  return previous;
}
