import * as v from 'valibot';

// The persisted client state (SPEC.md section 3): an `auth` slice and a `ui` slice.
// The decrypted state is parsed with these schemas; anything unexpected falls
// back to the defaults rather than crashing the start.

const authSchema = v.object({
  id: v.fallback(v.string(), ''),
  name: v.fallback(v.string(), ''),
  firstname: v.fallback(v.string(), ''),
  lastname: v.fallback(v.string(), ''),
  phone: v.fallback(v.string(), ''),
  email: v.fallback(v.string(), ''),
  /** The verification code, kept only between verify and signup. */
  code: v.fallback(v.string(), ''),
  alert_status: v.fallback(v.boolean(), false),
  refresh_token: v.fallback(v.string(), ''),
  access_token: v.fallback(v.string(), ''),
  contacts: v.fallback(v.number(), 0),
  token_type: v.fallback(v.string(), 'Bearer'),
  expires_at: v.fallback(v.string(), ''),
  issued_at: v.fallback(v.string(), ''),
  roles: v.fallback(v.array(v.string()), []),
  permissions: v.fallback(v.array(v.string()), []),
});

const uiSchema = v.object({
  isDark: v.fallback(v.boolean(), false),
  sidebarCollapsed: v.fallback(v.boolean(), false),
  language: v.fallback(v.string(), 'en'),
});

export const sessionStateSchema = v.object({
  auth: v.fallback(authSchema, () => v.parse(authSchema, {})),
  ui: v.fallback(uiSchema, () => v.parse(uiSchema, {})),
});

export type AuthState = v.InferOutput<typeof authSchema>;
export type UiState = v.InferOutput<typeof uiSchema>;
export type SessionState = v.InferOutput<typeof sessionStateSchema>;

export function defaultSessionState(): SessionState {
  return v.parse(sessionStateSchema, {});
}

/** Bad JSON or a wrong shape yields the defaults. */
export function parseSessionState(json: string | undefined): SessionState {
  if (json === undefined) return defaultSessionState();
  try {
    const result = v.safeParse(sessionStateSchema, JSON.parse(json));
    return result.success ? result.output : defaultSessionState();
  } catch {
    return defaultSessionState();
  }
}
