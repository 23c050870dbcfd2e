import type { ContactTexts } from '#shared/contact-texts/index.ts';
import { ApiError } from '#client/lib/api-error.ts';
import { showToast } from './toast-store.ts';

/**
 * What a contact's page says when a call about its link fails other than by the link being
 * refused (no signal, a server error, too many tries): in the contact's language, never the
 * API's Spanish message.
 */
export function linkFailureText(error: unknown, texts: ContactTexts): string {
  return error instanceof ApiError && error.status === 429 ? texts.tooManyTries : texts.requestFailed;
}

/** The same, as a notice over the page, its close button named in the contact's language too. */
export function showLinkFailure(error: unknown, texts: ContactTexts): void {
  showToast({ message: linkFailureText(error, texts), variant: 'danger', closeLabel: texts.closeNotice });
}
