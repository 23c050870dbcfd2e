// Business constants of SPEC.md section 9 and DESIGN.md sections 2 to 5.
// Both the client, the service worker and the server read them from here.

export const APP_NAME = 'Botón de Pánico Migratorio';

export const API_PREFIX = '/api';
export const BUILD_PREFIX = '/build/';

export const HTTP_TIMEOUT_MS = 10_000;
export const TOAST_DURATION_MS = 20_000;
export const NOT_FOUND_REDIRECT_MS = 20_000;
export const RESTORE_TIMEOUT_MS = 5_000;
/** The floating 'Ayuda' button never comes closer than this to any edge of the screen. */
export const HELP_BUTTON_EDGE_PX = 10;
/**
 * ... and never closer than this to the header or the navigation bar: little, so the band it rests in
 * above the navigation takes little of home's first screen (main-layout.css, --help-button-band).
 */
export const HELP_BUTTON_BAR_GAP_PX = 4;

/** The largest position accuracy the API takes, in metres: beyond it a position says nothing of where someone is. */
export const ACCURACY_MAX_METRES = 100_000;

export const CODE_LENGTH = 4;
/** The resend option shows while the error counter is at most this. */
export const MAX_CODE_ERRORS = 2;
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
/**
 * Every CODE_MAX_ATTEMPTS wrong codes for one address burn its code, and that
 * address gets no new code for this long, SIGNIN_LOCKOUT_GROWTH times longer
 * after each further burn, up to SIGNIN_LOCKOUT_MAX_MS (docs/security.md
 * computes what this leaves a guesser in 30 days).
 */
export const SIGNIN_LOCKOUT_BASE_MS = 60_000;
/**
 * Steep on purpose: with waits capped, the guesser's 30 days are mostly spent at
 * the cap, so the climb to it must be short to keep the 30-day chance under 1%.
 */
export const SIGNIN_LOCKOUT_GROWTH = 8;
/**
 * Anyone who knows an address can burn its codes: past this, a detained person's
 * family could not sign in on a new phone for too long.
 */
export const SIGNIN_LOCKOUT_MAX_MS = 48 * 60 * 60_000;
/** The count of wrong codes is forgotten after this long without one (and no lockout running). */
export const SIGNIN_LOCKOUT_FORGET_MS = 30 * 24 * 60 * 60_000;
/** A second signin for the same address inside this window answers 409. */
export const SIGNIN_COOLDOWN_MS = 60_000;
export const CODES_PER_ADDRESS_PER_HOUR = 5;

/** A contact's confirmation link works this long, once. */
export const CONTACT_LINK_TTL_MS = 7 * 24 * 60 * 60_000;
/** Invitation e-mails from one person to one contact address in an hour (creating the contact counts). */
export const INVITES_PER_CONTACT_PER_HOUR = 5;
/**
 * Invitation e-mails one account may send, to anyone (each carries the
 * account's chosen name to a stranger's inbox). Contacts beyond are still saved;
 * their invitation leaves once the limits allow.
 */
export const INVITES_PER_ACCOUNT_PER_HOUR = 10;
export const INVITES_PER_ACCOUNT_PER_DAY = 30;
/** Invitation e-mails one address may receive in a day, from all accounts together. */
export const INVITES_PER_ADDRESS_PER_DAY = 3;
/** Page size of the contact list when `_page` comes without `_limit`. */
export const CONTACT_PAGE_SIZE = 10;

export const SESSION_TTL_MS = 90 * 24 * 60 * 60_000;
/** Sessions slide: the app refreshes once the access token is this old. */
export const SESSION_REFRESH_AFTER_MS = 24 * 60 * 60_000;
/** The same refresh token presented again inside this window gets the same pair. */
export const REFRESH_REUSE_GRACE_MS = 60_000;

export const PHONE_MAX_DIGITS = 15;
export const PHONE_DEFAULT_COUNTRY = 'us';
export const NAME_MAX_LENGTH = 60;
export const EMAIL_MAX_LENGTH = 254;

export const MAX_BODY_BYTES = 16 * 1024;

export const STORAGE_KEY = 'sos-v8';
export const VERSION_MARKER_KEY = 'sos_version';
export const PERSIST_PREFIX = 'persist:';
export const SESSION_STORE_KEY = `${PERSIST_PREFIX}${STORAGE_KEY}`;
export const QUERY_STORE_KEY = `${PERSIST_PREFIX}${STORAGE_KEY}:queries`;
/** Web Locks name shared by the page and the service worker. */
export const SESSION_REFRESH_LOCK = 'session-refresh';

export const TERMS_EFFECTIVE_DATE = '2025-03-07';

// The SOS queue of the service worker (DESIGN.md section 3).
/** Path of the SOS call under API_PREFIX; the worker also matches it with a trailing slash. */
export const ACTIVE_BUTTON_PATH = '/active-button';
/** Header carrying the UUID made at the press; the server answers a repeat with the first answer. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/**
 * Sent by the page (value '1') with an SOS whose 401 its own token refresh could
 * not cure: the worker queues it without trying the network, and it waits there
 * until the person signs in again (DESIGN.md section 3, step 3).
 */
export const SOS_QUEUE_ONLY_HEADER = 'X-SOS-Queue-Only';
/** The workbox-background-sync Queue. Its IndexedDB database is SOS_QUEUE_DB, which clearing app state keeps. */
export const SOS_QUEUE_NAME = 'sos-active-button';
export const SOS_QUEUE_DB = 'workbox-background-sync';
/** Outcomes the pages have not acknowledged yet (rejected or expired SOS requests); also kept when app state is cleared. */
export const SOS_OUTCOME_DB = 'sos-queue-outcomes';
/** Web Locks name: one replay at a time across worker instances (an update's new worker starts beside the old). */
export const SOS_REPLAY_LOCK = 'sos-replay';
/** Queued SOS requests are kept 7 days; Workbox counts this in minutes. */
export const SOS_QUEUE_RETENTION_MINUTES = 7 * 24 * 60;
/** With an empty queue the worker waits this long for the server, then queues and answers 202. */
export const SOS_NETWORK_TIMEOUT_MS = 3_000;
/** Nobody waits on a replay, so a slow network gets longer before a replay counts as failed. */
export const SOS_REPLAY_TIMEOUT_MS = 20_000;
/** After this long unsent, the active screen says so and offers the SMS fallback. */
export const SOS_UNSENT_WARNING_MS = 24 * 60 * 60_000;
/**
 * IndexedDB database of the SOS requests the page could not hand to anyone (no
 * service worker controlled it and the network failed), kept encrypted until
 * sent. Apart from the app state, so clearing that state keeps them too.
 */
export const SOS_PAGE_QUEUE_DB = 'sos-page-queue';
/** The device key's database, apart from the state's, so clearing the state keeps the key. */
export const KEY_STORE_DB = 'sos-keys';
/** The encrypted session and query cache. */
export const STATE_STORE_DB = 'sos-state';
/** A tag manager container id as Google prints it (GTM_ID): it goes into the script's URL. */
export const GTM_ID_PATTERN = /^GTM-[A-Z0-9]{4,12}$/;
