import type { AlertDeliveryState } from '#shared/api/deliveries.ts';
import { CONTACTS_TOLD } from '#shared/alert-status.ts';
import * as apiMessages from '#shared/api-messages.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { ApiError } from '#client/lib/api-error.ts';
import { isBoolean, isString, oneOf, readObject, successMessage, type Shape } from '#shared/plain-data.ts';

/**
 * The alert_status of alertDeliveryStateSchema (src/shared/api/deliveries.ts): all the
 * check of the alert needs, read with src/shared/plain-data.ts so that it comes with
 * home's code, not with the delivery lists and valibot.
 */
const alertStatusShape: Shape<Pick<AlertDeliveryState, 'alert_status'>> = { alert_status: isBoolean };

type EndNews = NonNullable<AlertDeliveryState['end_news']>;
const endNewsShape: Shape<EndNews> = { alert_id: isString, contacts_told: oneOf(CONTACTS_TOLD) };

/** The reply's alert_status; a reply without one is an error, as parseMessage has it. */
export function readAlertStatus(data: unknown): boolean {
  const read = readObject(alertStatusShape, successMessage(data));
  if (!read) throw new ApiError(200, data, apiMessages.serverError);
  return read.alert_status;
}

/**
 * The reply's end_news: what the last end told the person, until it was shown. Undefined when it
 * carries none, or none this version can read (nothing is shown rather than something wrong).
 */
export function readEndNews(data: unknown): EndNews | undefined {
  const message = successMessage(data);
  return readObject(
    endNewsShape,
    typeof message === 'object' && message ? (message as { end_news?: unknown }).end_news : undefined,
  );
}

/** GET /api/alert-deliveries, of which only the person's alert_status. */
export async function getAlertStatus(): Promise<boolean> {
  return readAlertStatus(await apiRequest('GET', '/alert-deliveries'));
}

/** GET /api/alert-deliveries, of which the person's alert_status and the news of their last end, if unread. */
export async function getAlertStatusAndEndNews(): Promise<{ alertStatus: boolean; endNews: EndNews | undefined }> {
  const data = await apiRequest('GET', '/alert-deliveries');
  return { alertStatus: readAlertStatus(data), endNews: readEndNews(data) };
}
