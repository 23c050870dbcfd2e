import { expect } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import type { TestApp } from './test-app.ts';

/** 'Compartir mis alertas con {FIRM_NAME}' turned on, through the person's own profile route. */
export async function shareWithFirm(t: TestApp, me: Session): Promise<void> {
  const reply = await t.call('PUT', 'profile/firm-consent', { token: me.access_token, body: { share: true } });
  expect(reply.status).toBe(200);
}

/** The id of the person's newest alert, read as the desk's routes would find it. */
export async function newestAlertId(t: TestApp, me: Session): Promise<string> {
  const { rows } = await t.pool.query<{ id: string }>(
    'select id from alerts where user_id = $1 order by started_at desc limit 1',
    [me.id],
  );
  if (!rows[0]) throw new Error('no alert');
  return rows[0].id;
}
