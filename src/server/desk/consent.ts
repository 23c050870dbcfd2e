import { and, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';

/**
 * The one rule every desk query keeps: the firm sees a person only once they turned on
 * 'Compartir mis alertas con {FIRM_NAME}' (users.firm_consent_at). A consent turned off
 * with the duress PIN stays on here (firm_consent_shown_off_at hides it from the person only).
 */
export const firmConsents: SQL = isNotNull(users.firmConsentAt);

/** Whether the desk may see this person at all. */
export async function hasFirmConsent(tx: Queryable, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), firmConsents));
  return Boolean(row);
}

/** The desk may read the person's 'Si me detienen' information (inside an alert only). */
export const firmGetsDetentionInfo: SQL = and(firmConsents, isNotNull(users.firmDetentionInfoAt))!;

type Shown = Pick<
  typeof users.$inferSelect,
  'firmConsentAt' | 'firmConsentShownOffAt' | 'firmDetentionInfoAt' | 'firmDetentionShownOffAt'
>;

/** What the person's own screens show: on unless really off or shown off after a duress PIN. */
export function consentShown(user: Shown): boolean {
  return user.firmConsentAt !== null && user.firmConsentShownOffAt === null;
}

export function detentionInfoShown(user: Shown): boolean {
  return consentShown(user) && user.firmDetentionInfoAt !== null && user.firmDetentionShownOffAt === null;
}
