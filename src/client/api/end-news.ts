import { apiRequest } from '#client/lib/api-client.ts';

/**
 * POST /api/end-news/seen: the person was shown what the end of `alertId` told them, so their
 * status stops carrying it (docs/decisions/051). Rejects when it could not say so: the status then
 * carries it still, and the next open of the app shows it again rather than never.
 */
export async function markEndNewsSeen(alertId: string): Promise<void> {
  await apiRequest('POST', '/end-news/seen', { body: { alert_id: alertId } });
}
