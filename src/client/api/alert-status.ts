import type { AlertDeliveryState } from '#shared/api/deliveries.ts';
import * as apiMessages from '#shared/api-messages.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { ApiError } from '#client/lib/api-error.ts';
import { isBoolean, readObject, successMessage, type Shape } from '#shared/plain-data.ts';

/**
 * The alert_status of alertDeliveryStateSchema (src/shared/api/deliveries.ts): all the
 * check of the alert needs, read with src/shared/plain-data.ts so that it comes with
 * home's code, not with the delivery lists and valibot.
 */
const alertStatusShape: Shape<Pick<AlertDeliveryState, 'alert_status'>> = { alert_status: isBoolean };

/** The reply's alert_status; a reply without one is an error, as parseMessage has it. */
export function readAlertStatus(data: unknown): boolean {
  const read = readObject(alertStatusShape, successMessage(data));
  if (!read) throw new ApiError(200, data, apiMessages.serverError);
  return read.alert_status;
}

/** GET /api/alert-deliveries, of which only the person's alert_status. */
export async function getAlertStatus(): Promise<boolean> {
  return readAlertStatus(await apiRequest('GET', '/alert-deliveries'));
}
