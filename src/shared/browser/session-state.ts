// The persisted client state (SPEC.md section 3): an `auth` slice and a `ui` slice.
// The decrypted state is read field by field: a field of the wrong type, or one
// that is missing, gets its default rather than crashing the start. Unknown
// fields are dropped. Read with plain-data, not valibot: the page reads this
// state before anything else, in home's first frame.

import { arrayOf, isBoolean, isNumber, isRecord, isString, readFields, type Shape } from '../plain-data.ts';

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

const authShape: Shape<AuthState> = {
  id: isString,
  name: isString,
  firstname: isString,
  lastname: isString,
  phone: isString,
  email: isString,
  code: isString,
  alert_status: isBoolean,
  refresh_token: isString,
  access_token: isString,
  contacts: isNumber,
  token_type: isString,
  expires_at: isString,
  issued_at: isString,
  roles: arrayOf(isString),
  permissions: arrayOf(isString),
};

const uiShape: Shape<UiState> = { isDark: isBoolean, sidebarCollapsed: isBoolean, language: isString };

export function defaultSessionState(): SessionState {
  return { auth: defaultAuth(), ui: defaultUi() };
}

/** Bad JSON or a wrong shape yields the defaults. */
export function parseSessionState(json: string | undefined): SessionState {
  if (json === undefined) return defaultSessionState();
  try {
    const value: unknown = JSON.parse(json);
    const stored = isRecord(value) ? value : {};
    return { auth: readFields(authShape, defaultAuth(), stored.auth), ui: readFields(uiShape, defaultUi(), stored.ui) };
  } catch {
    return defaultSessionState();
  }
}
