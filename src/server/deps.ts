import type { ActiveButtonInput, ActiveButtonReply } from '#shared/api/active-button.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Log } from './log.ts';

// The contracts of the app's per-database pieces are written here, not imported
// from the folders that make them, so that those folders' imports of this file
// never close a cycle.

/**
 * A validated PUT /api/active-button request of '1', with what starting an alert needs;
 * or the synthetic press of a check-in that fell due (`checkIn`, src/server/check-ins).
 */
export type Press = {
  userId: string;
  key: string;
  bodyHash: string;
  input: ActiveButtonInput;
  now: Date;
  /**
   * `forced`: closed with the duress PIN, so it fires before its time (src/server/pins).
   * `afterDuress`: extended with the duress PIN, it reached the deadline the person was shown.
   */
  checkIn?: { id: string; purpose: string; place: string; dueAt: string; forced?: boolean; afterDuress?: boolean };
};

export type AtOnce = { kind: 'answered'; reply: ActiveButtonReply } | { kind: 'mismatch' };

/**
 * Writes presses that start an alert together, in one statement, when it can
 * (createAlertStarter, src/server/alerts). Declining (undefined) is always
 * allowed: the transaction path handles every case, with the same rows.
 */
export type AlertStarter = (press: Press) => Promise<AtOnce | undefined>;

/** A session as the bearer check reads it (src/server/auth/bearer.ts). */
export type StoredSession = {
  accessHash: string;
  id: string;
  userId: string;
  familyId: string;
  expiresAt: Date;
  rotatedAt: Date | null;
  revokedAt: Date | null;
  /** null until the first signed-in request of a pair a refresh issued (auth/tokens.ts). */
  lastUsedAt: Date | null;
};

/** The session of an access token's hash; lookups made at the same moment share a round trip. */
export type SessionLookup = (accessHash: string) => Promise<StoredSession | undefined>;

/** Everything the HTTP app needs from outside; main.ts and the tests build it. */
export type AppInput = {
  db: Db;
  clock: Clock;
  config: Config;
  log: Log;
  /** Wraps the app's own starter (the tests force a path with it). */
  alertStarter?: (made: AlertStarter) => AlertStarter;
  /** The instance's one LISTEN of the desk's live feed (src/server/desk/desk-feed.ts); made by createApp if not given. */
  deskFeed?: DeskFeed;
};

/**
 * What a desk is told of one event of `alert_events`, once for each alert it concerns: which alert changed and
 * how, never what it says (no name, no position). The desk reads the alert's
 * card and case again through its own routes, which see only consenting people.
 */
export type DeskEvent = { id: number; alertId: string; kind: string };

export type DeskFeedListener = {
  event(event: DeskEvent): void;
  /** The feed was deaf for a while: what the desk shows must be read again. */
  resync(): void;
  /** The server is stopping: the stream ends, and the desk reconnects to another instance. */
  end(): void;
  /** Desk sessions ended on some instance (a staff member removed): each stream checks its own now. */
  sessionsEnded?(): void;
};

/** The instance's live feed of the desk (src/server/desk/desk-feed.ts). */
export type DeskFeed = {
  /** Starts listening with the first desk; resolves, once listening, with the function that unsubscribes. */
  subscribe(listener: DeskFeedListener): Promise<() => void>;
  /** How many desks this instance serves now. */
  size(): number;
  /** Ends every desk's stream and the LISTEN connection. */
  close(): Promise<void>;
};

/**
 * What the routes get: the input, with the pieces that hold state for the
 * database (batchers) made once per app by createApp and shared by every route.
 */
export type AppDeps = Omit<AppInput, 'alertStarter' | 'deskFeed'> & {
  alertStarter: AlertStarter;
  sessionLookup: SessionLookup;
  deskFeed: DeskFeed;
};
