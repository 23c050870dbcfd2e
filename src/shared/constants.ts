// Business constants of SPEC.md section 9 and DESIGN.md sections 2 to 5.
// Both the client, the service worker and the server read them from here.

export const APP_NAME = 'Botón de Pánico Migratorio';

export const API_PREFIX = '/api';
export const WEB_PREFIX = '/web';
export const BUILD_PREFIX = '/build/';

export const HTTP_TIMEOUT_MS = 10_000;
export const TOAST_DURATION_MS = 20_000;
export const NOT_FOUND_REDIRECT_MS = 20_000;
export const RESTORE_TIMEOUT_MS = 5_000;

export const CODE_LENGTH = 4;
/** The resend option shows while the error counter is at most this. */
export const MAX_CODE_ERRORS = 2;
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
/** A second signin for the same address inside this window answers 409. */
export const SIGNIN_COOLDOWN_MS = 60_000;
export const CODES_PER_ADDRESS_PER_HOUR = 5;

export const SESSION_TTL_MS = 90 * 24 * 60 * 60_000;
/** Sessions slide: the app refreshes once the access token is this old. */
export const SESSION_REFRESH_AFTER_MS = 24 * 60 * 60_000;
/** The same refresh token presented again inside this window gets the same pair. */
export const REFRESH_REUSE_GRACE_MS = 60_000;

export const PHONE_MAX_DIGITS = 15;
export const PHONE_DEFAULT_COUNTRY = 'us';
export const NAME_MAX_LENGTH = 100;
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
