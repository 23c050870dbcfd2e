// The persisted client state (SPEC.md section 3): an `auth` slice and a `ui` slice.
// The decrypted state is read field by field: a field of the wrong type, or one
// that is missing, gets its default rather than crashing the start. Unknown
// fields are dropped. Written by hand, not with valibot, so that valibot stays
// out of home's first download (DESIGN.md section 6): the page reads this state
// before anything else.

export interface AuthState {
  id: string;
  name: string;
  firstname: string;
  lastname: string;
  phone: string;
  email: string;
  /** The verification code, kept only between verify and signup. */
  code: string;
  alert_status: boolean;
  refresh_token: string;
  access_token: string;
  contacts: number;
  token_type: string;
  expires_at: string;
  issued_at: string;
  roles: string[];
  permissions: string[];
}

export interface UiState {
  isDark: boolean;
  sidebarCollapsed: boolean;
  language: string;
}

export interface SessionState {
  auth: AuthState;
  ui: UiState;
}

function defaultAuth(): AuthState {
  return {
    id: '',
    name: '',
    firstname: '',
    lastname: '',
    phone: '',
    email: '',
    code: '',
    alert_status: false,
    refresh_token: '',
    access_token: '',
    contacts: 0,
    token_type: 'Bearer',
    expires_at: '',
    issued_at: '',
    roles: [],
    permissions: [],
  };
}

function defaultUi(): UiState {
  return { isDark: false, sidebarCollapsed: false, language: 'en' };
}

/** `defaults` with every field that `value` holds with the same type (a string array for an array); anything else stays. */
function withStored<T extends object>(defaults: T, value: unknown): T {
  if (typeof value !== 'object' || value === null) return defaults;
  const stored = value as Record<string, unknown>;
  const read: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  for (const [key, fallback] of Object.entries(defaults)) {
    const field = stored[key];
    if (Array.isArray(fallback)) {
      if (Array.isArray(field) && field.every((item) => typeof item === 'string')) read[key] = [...field];
    } else if (typeof field === typeof fallback && !Number.isNaN(field)) {
      read[key] = field;
    }
  }
  return read as T;
}

export function defaultSessionState(): SessionState {
  return { auth: defaultAuth(), ui: defaultUi() };
}

/** Bad JSON or a wrong shape yields the defaults. */
export function parseSessionState(json: string | undefined): SessionState {
  if (json === undefined) return defaultSessionState();
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null) return defaultSessionState();
    const { auth, ui } = value as Record<string, unknown>;
    return { auth: withStored(defaultAuth(), auth), ui: withStored(defaultUi(), ui) };
  } catch {
    return defaultSessionState();
  }
}
