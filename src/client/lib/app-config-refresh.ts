import { sendJson } from './http.ts';
import { keepAppConfig } from './meta-tags.ts';
import { successMessage } from '#shared/plain-data.ts';

/**
 * Asks the server for the operator settings (the chat link) and keeps them: an installed app opens
 * on the shell its service worker cached, which carries none, so without this a changed CHAT_URL
 * would never reach it. Offline, or on any odd answer, the kept settings stay.
 */
export async function refreshAppConfig(): Promise<void> {
  const reply = await sendJson({ method: 'GET', path: '/app-config' }).catch(() => undefined);
  if (reply?.status !== 200) return;
  const config = successMessage(reply.data);
  if (config !== undefined) keepAppConfig(JSON.stringify(config));
}
