import { sql, type SQL } from 'drizzle-orm';
import { alerts, users } from '#server/db/schema.ts';
import { firmConsents } from './consent.ts';

/** The alert's person shares their alerts with the firm (consent.ts): the desk sees nothing else. */
export function consentingAlert(): SQL {
  return sql`exists (select 1 from ${users} where ${users.id} = ${alerts.userId} and ${firmConsents})`;
}

/** Someone at the desk took the alert ('Atender') or closed its case: a 'desk-claimed' or 'desk-closed' line of its log. */
export function attendedAlert(): SQL {
  return sql`exists (select 1 from alert_events e where e.alert_id = ${alerts.id} and e.kind in ('desk-claimed', 'desk-closed'))`;
}
