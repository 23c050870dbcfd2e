import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_CHECK_IN_GRACE_MINUTES, DEFAULT_CHECK_IN_REMINDER_MINUTES } from '#shared/api/check-ins.ts';
import { DEFAULT_REMINDER_MINUTES } from '#shared/api/deliveries.ts';
import {
  CODES_PER_ADDRESS_PER_HOUR,
  GTM_ID_PATTERN,
  INVITES_PER_ACCOUNT_PER_DAY,
  INVITES_PER_ACCOUNT_PER_HOUR,
  INVITES_PER_ADDRESS_PER_DAY,
  INVITES_PER_CONTACT_PER_HOUR,
} from '#shared/constants.ts';
import { isVapidKeys, loadOrCreateVapidKeys, VapidFileError, type VapidKeys } from './push/vapid-keys.ts';

/**
 * How long after its arrival a request that carries a PIN is answered, at the earliest
 * (security/pin-reply-pace.ts): well above what ending an alert takes, and a moment the person hardly waits.
 */
const DEFAULT_PIN_REPLY_PACE_MS = 400;

/** A fixed window: at most `limit` hits per `windowMs`. */
export type RateRule = { limit: number; windowMs: number };

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  buildDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  secret: string;
  chatUrl: string | undefined;
  /** The firm that offers the app and runs the response desk (FIRM_NAME), as people read it. */
  firmName: string;
  gtmId: string | undefined;
  /** Take the client IP from X-Forwarded-For (only behind a proxy we run). */
  trustProxy: boolean;
  /** Days after an alert ends until its position is erased (POSITION_RETENTION_DAYS). */
  positionRetentionDays: number;
  /**
   * Days an account's deletion asked for during an alert waits for the alert's real
   * end; then the contacts are told, and the account goes (DEFERRED_DELETION_DAYS).
   */
  deferredDeletionDays: number;
  /** Every reply to a request that carries a PIN leaves no earlier than this after it arrived (PIN_REPLY_PACE_MS). */
  pinReplyPaceMs: number;
  rateLimits: {
    signinPerIp: RateRule;
    verifyPerIp: RateRule;
    resendPerIp: RateRule;
    codesPerAddress: RateRule;
    /** Invitation e-mails from one account to one contact address. */
    invitesPerContact: RateRule;
    /** Invitation e-mails from one account, to anyone: per hour and per day. */
    invitesPerAccountHour: RateRule;
    invitesPerAccountDay: RateRule;
    /** Invitation e-mails to one address, from all accounts together. */
    invitesPerAddress: RateRule;
    /** The contact's 'Lo tengo' page and button, per network address. */
    ackPerIp: RateRule;
  };
  /** Web Push to contacts' phones (src/server/push). */
  push: PushConfig;
  /** Reminder e-mails while nobody has acknowledged an active alert. */
  reminders: {
    /** After how long from the alert's start, ascending (ACK_REMINDER_MINUTES, default 5,15). */
    afterMs: number[];
    /** How often an instance looks for reminders that came due. */
    pollMs: number;
  };
  /** The firm's response desk: an alert nobody attends is sent on to staff (src/server/desk/escalation.ts). */
  deskEscalation: {
    /**
     * To the staff on call after this long unattended, to every admin after twice (DESK_ESCALATE_MINUTES,
     * or DESK_ESCALATE_SECONDS where a drill or a test cannot wait minutes).
     */
    afterMs: number;
    /** How often an instance looks for alerts to escalate (DESK_ESCALATE_POLL_SECONDS). */
    pollMs: number;
  };
  /** 'Avísales si no vuelvo' (src/server/check-ins). */
  checkIns: {
    /** The person's reminder e-mail goes this long before the deadline (CHECK_IN_REMINDER_MINUTES). */
    reminderMs: number;
    /** The alert starts this long after the deadline (CHECK_IN_GRACE_MINUTES). */
    graceMs: number;
    /** How often an instance looks for check-ins that fell due (CHECK_IN_POLL_SECONDS). */
    pollMs: number;
  };
};

export type PushConfig = {
  vapid: VapidKeys & { subject: string };
  /**
   * Origins of push services trusted besides the browsers' own (PUSH_EXTRA_ORIGINS):
   * a private or test push service. Nothing else is ever sent to (no requests to
   * addresses a stranger chose).
   */
  extraOrigins: string[];
};

export type Env = Record<string, string | undefined>;

/** A configuration the server must not start with; main.ts prints its message alone, without a stack. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const QUARTER = 15 * 60_000;
const DEFAULT_DESK_ESCALATE_MINUTES = 2;

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new ConfigError(`${name} debe ser un número entero positivo (recibido: ${raw})`);
  return value;
}

/** Whole minutes, at least 1. */
function positiveMinutes(env: Env, name: string, fallback: number): number {
  const value = int(env, name, fallback);
  if (value < 1) throw new ConfigError(`${name} debe ser al menos 1 minuto (recibido: ${env[name]})`);
  return value;
}

/**
 * The escalation's wait: DESK_ESCALATE_MINUTES, or DESK_ESCALATE_SECONDS where a drill or a browser
 * test cannot wait whole minutes (the texts still count at least one minute: escalation.ts).
 */
function escalationWait(env: Env): number {
  if (env.DESK_ESCALATE_SECONDS?.trim()) {
    if (env.DESK_ESCALATE_MINUTES?.trim())
      throw new ConfigError('DESK_ESCALATE_MINUTES y DESK_ESCALATE_SECONDS no pueden usarse a la vez');
    const seconds = int(env, 'DESK_ESCALATE_SECONDS', 0);
    if (seconds < 1) throw new ConfigError(`DESK_ESCALATE_SECONDS debe ser al menos 1 segundo (recibido: ${seconds})`);
    return seconds * 1000;
  }
  return positiveMinutes(env, 'DESK_ESCALATE_MINUTES', DEFAULT_DESK_ESCALATE_MINUTES) * 60_000;
}

/** 'ACK_REMINDER_MINUTES=5,15': whole minutes, ascending; empty turns reminders off. */
function minutesList(env: Env, name: string, fallback: readonly number[]): number[] {
  const raw = env[name];
  if (raw === undefined) return fallback.map((minutes) => minutes * 60_000);
  const parts = raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const values = parts.map(Number);
  if (
    values.some((value, index) => !Number.isInteger(value) || value <= 0 || (index > 0 && value <= values[index - 1]!))
  ) {
    throw new ConfigError(
      `${name} debe ser una lista de minutos enteros, de menor a mayor, separados por comas (recibido: ${raw})`,
    );
  }
  return values.map((minutes) => minutes * 60_000);
}

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function gtmId(env: Env): string | undefined {
  const value = text(env, 'GTM_ID');
  if (value !== undefined && !GTM_ID_PATTERN.test(value)) {
    throw new ConfigError(`GTM_ID debe ser el identificador del contenedor, como GTM-ABC1234 (recibido: ${value})`);
  }
  return value;
}

/** The name SPEC's home instruction uses, when the operator names no firm. */
export const DEFAULT_FIRM_NAME = 'IAD';

/** Shown inside sentences and e-mail subjects: one line, not too long to read. */
function firmName(env: Env): string {
  const value = text(env, 'FIRM_NAME') ?? DEFAULT_FIRM_NAME;
  if (value.length > 60 || /[\r\n<>]/.test(value))
    throw new ConfigError(`FIRM_NAME debe ser un nombre de una línea, de 60 caracteres como mucho, sin < ni >`);
  return value;
}

/** HMAC keys shorter than this can be guessed offline from a stolen table. */
export const SECRET_MIN_BYTES = 32;

function checkedSecret(secret: string, source: string): string {
  const bytes = Buffer.byteLength(secret, 'utf8');
  if (bytes < SECRET_MIN_BYTES) {
    throw new ConfigError(
      `${source} debe tener al menos ${SECRET_MIN_BYTES} bytes (tiene ${bytes}). Genera uno con: openssl rand -base64 48`,
    );
  }
  return secret;
}

/**
 * The secret keys code hashes and sealed refresh pairs. Generated once so that a
 * restart keeps every pending code and session valid; 0600 because whoever reads
 * it can forge nothing alone but can test guesses offline. Written whole to a
 * temporary file first and then linked into place: the name appears only with
 * the whole secret behind it, so a second instance starting at the same moment
 * never reads it empty, and a link (unlike a rename) never replaces a secret
 * another instance already put there.
 */
export function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret');
  const existing = readSecretFile(file);
  if (existing !== undefined) return existing;
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, `${secret}\n`, { mode: 0o600, flag: 'wx', flush: true });
  try {
    linkSync(temporary, file);
    return secret;
  } catch (error) {
    // Another instance linked its secret first: use that one.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readSecretFile(file) ?? secret;
  } finally {
    unlinkSync(temporary);
  }
}

function readSecretFile(file: string): string | undefined {
  try {
    return checkedSecret(readFileSync(file, 'utf8').trim(), `El secreto de ${file}`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function secretOf(env: Env, dataDir: string): string {
  const given = text(env, 'SECRET');
  return given === undefined ? loadOrCreateSecret(dataDir) : checkedSecret(given, 'SECRET');
}

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together, or a pair generated once
 * into DATA_DIR. The subject (VAPID_SUBJECT) is how a push service's operator
 * reaches us: PUBLIC_URL when it is https, else the address of MAIL_FROM.
 */
function pushConfig(env: Env, dataDir: string, publicUrl: string, mailFrom: string): PushConfig {
  const publicKey = text(env, 'VAPID_PUBLIC_KEY');
  const privateKey = text(env, 'VAPID_PRIVATE_KEY');
  let keys: VapidKeys;
  if (publicKey !== undefined || privateKey !== undefined) {
    const given = { publicKey, privateKey };
    if (!isVapidKeys(given)) {
      throw new ConfigError(
        'VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY van juntas, en base64url (genéralas con: npx web-push generate-vapid-keys)',
      );
    }
    keys = given;
  } else {
    try {
      keys = loadOrCreateVapidKeys(dataDir);
    } catch (error) {
      if (error instanceof VapidFileError) throw new ConfigError(error.message);
      throw error;
    }
  }
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  const subject = text(env, 'VAPID_SUBJECT') ?? (publicUrl.startsWith('https://') ? publicUrl : `mailto:${address}`);
  if (!/^(https:\/\/|mailto:)\S+$/.test(subject))
    throw new ConfigError(`VAPID_SUBJECT debe empezar por https:// o mailto: (recibido: ${subject})`);
  const extraOrigins = (text(env, 'PUSH_EXTRA_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '')
    .map((origin) => {
      try {
        return new URL(origin).origin;
      } catch {
        throw new ConfigError(
          `PUSH_EXTRA_ORIGINS debe ser una lista de orígenes separados por comas (recibido: ${origin})`,
        );
      }
    });
  return { vapid: { ...keys, subject }, extraOrigins };
}

/** Turn an environment-like object into the typed configuration, with defaults. */
export function parseConfig(env: Env, cwd = process.cwd()): Config {
  const port = int(env, 'PORT', 8080);
  const host = text(env, 'HOST') ?? '127.0.0.1';
  const dataDir = path.resolve(cwd, text(env, 'DATA_DIR') ?? './data');
  const publicUrl = (text(env, 'PUBLIC_URL') ?? `http://${host}:${port}`).replace(/\/+$/, '');
  const mailFrom = text(env, 'MAIL_FROM') ?? 'Botón de Pánico Migratorio <no-responder@localhost>';
  return {
    port,
    host,
    publicUrl,
    dataDir,
    buildDir: path.resolve(cwd, text(env, 'BUILD_DIR') ?? './build'),
    databaseUrl: text(env, 'DATABASE_URL'),
    smtpUrl: text(env, 'SMTP_URL'),
    mailFrom,
    secret: secretOf(env, dataDir),
    chatUrl: text(env, 'CHAT_URL'),
    firmName: firmName(env),
    gtmId: gtmId(env),
    trustProxy: ['1', 'true', 'yes'].includes(text(env, 'TRUST_PROXY')?.toLowerCase() ?? ''),
    positionRetentionDays: int(env, 'POSITION_RETENTION_DAYS', 30),
    deferredDeletionDays: int(env, 'DEFERRED_DELETION_DAYS', 30),
    pinReplyPaceMs: int(env, 'PIN_REPLY_PACE_MS', DEFAULT_PIN_REPLY_PACE_MS),
    rateLimits: {
      // Generous per IP: many people share one address behind mobile carriers' NAT.
      signinPerIp: { limit: int(env, 'RATE_LIMIT_SIGNIN_PER_IP', 30), windowMs: QUARTER },
      verifyPerIp: { limit: int(env, 'RATE_LIMIT_VERIFY_PER_IP', 60), windowMs: QUARTER },
      resendPerIp: { limit: int(env, 'RATE_LIMIT_RESEND_PER_IP', 30), windowMs: QUARTER },
      codesPerAddress: { limit: int(env, 'RATE_LIMIT_CODES_PER_ADDRESS', CODES_PER_ADDRESS_PER_HOUR), windowMs: HOUR },
      invitesPerContact: {
        limit: int(env, 'RATE_LIMIT_INVITES_PER_CONTACT', INVITES_PER_CONTACT_PER_HOUR),
        windowMs: HOUR,
      },
      invitesPerAccountHour: {
        limit: int(env, 'RATE_LIMIT_INVITES_PER_HOUR', INVITES_PER_ACCOUNT_PER_HOUR),
        windowMs: HOUR,
      },
      invitesPerAccountDay: {
        limit: int(env, 'RATE_LIMIT_INVITES_PER_DAY', INVITES_PER_ACCOUNT_PER_DAY),
        windowMs: DAY,
      },
      invitesPerAddress: {
        limit: int(env, 'RATE_LIMIT_INVITES_PER_ADDRESS', INVITES_PER_ADDRESS_PER_DAY),
        windowMs: DAY,
      },
      ackPerIp: { limit: int(env, 'RATE_LIMIT_ACK_PER_IP', 60), windowMs: QUARTER },
    },
    push: pushConfig(env, dataDir, publicUrl, mailFrom),
    reminders: {
      afterMs: minutesList(env, 'ACK_REMINDER_MINUTES', DEFAULT_REMINDER_MINUTES),
      pollMs: int(env, 'ACK_REMINDER_POLL_SECONDS', 15) * 1000 || 15_000,
    },
    deskEscalation: {
      afterMs: escalationWait(env),
      pollMs: int(env, 'DESK_ESCALATE_POLL_SECONDS', 5) * 1000 || 5_000,
    },
    checkIns: {
      reminderMs: int(env, 'CHECK_IN_REMINDER_MINUTES', DEFAULT_CHECK_IN_REMINDER_MINUTES) * 60_000,
      graceMs: int(env, 'CHECK_IN_GRACE_MINUTES', DEFAULT_CHECK_IN_GRACE_MINUTES) * 60_000,
      pollMs: int(env, 'CHECK_IN_POLL_SECONDS', 15) * 1000 || 15_000,
    },
  };
}
