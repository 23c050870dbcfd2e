// Tag-manager events (SPEC.md section 7). Only event names and non-personal
// parameters go out: never an e-mail, phone, name, token or position.

export type AnalyticsEvent =
  | 'page_view'
  | 'otp_entry'
  | 'otp_verify'
  | 'sign_up'
  | 'logout'
  | 'install'
  | 'first_contact'
  | 'contact_create'
  | 'contact_delete'
  | 'panic_activate'
  | 'panic_deactivate'
  | 'contact_verify'
  | 'help_open'
  | 'whatsapp_open'
  // The acknowledgement events: a contact pressed 'Lo tengo' ({practice, first}); the person sent a practice ({queued}).
  | 'alert_acknowledge'
  | 'practice_send';

type Params = Record<string, string | number | boolean>;

declare global {
  interface Window {
    dataLayer?: Array<Record<string, unknown>>;
  }
}

export const UNTITLED_PAGE = 'Página sin título';

export function track(event: AnalyticsEvent, params: Params = {}): void {
  window.dataLayer ??= [];
  window.dataLayer.push({ event, ...params });
}

export function trackPageView(path: string, title?: string): void {
  track('page_view', { page_path: path, page_title: title || UNTITLED_PAGE });
}
