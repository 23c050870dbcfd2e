import { Hono } from 'hono';
import type { Context } from 'hono';
import {
  deskActionSchema,
  deskAuditQuerySchema,
  deskCloseSchema,
  deskMessages,
  deskNoteSchema,
  deskSearchSchema,
} from '#shared/api/desk.ts';
import { deskAuditCsvQuerySchema } from '#shared/api/desk-audit.ts';
import type { AppDeps } from '#server/deps.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { fail, ok } from '#server/http/replies.ts';
import { isUuid } from '#server/http/uuid.ts';
import { validateJson, validateQuery } from '#server/http/validate.ts';
import { requireStaff } from '#server/staff/require-staff.ts';
import { auditCsv, listAudit, recordAudit, fingerprintsFinding } from './audit.ts';
import { activeAlertCards, deskCard, deskCase } from './cases.ts';
import { claimCase, closeCase } from './claims.ts';
import { addDeskNote } from './notes.ts';
import { searchClients } from './search.ts';

/**
 * What staff see and do (docs/desk.md): the active alerts, 'Atender', the case with its timeline,
 * notes and actions, 'Cerrar caso', the search, and the admins' audit log. Every read goes through
 * deskMayOpen: a person who has not consented, or an alert past the retention purge, is a 404.
 */
export function deskCaseRoutes({ db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  const desk = requireStaff('desk');
  const admin = requireStaff('desk:admin');
  const scope = () => ({ now: clock.now(), retentionDays: config.positionRetentionDays });
  const notFound = (c: Context) => fail(c, 404, deskMessages.notFound);

  /** The case the path names, if the desk may open it. */
  const openable = async (c: Context<AppEnv>) => {
    const id = c.req.param('id') ?? '';
    if (!isUuid(id)) return undefined;
    const card = await deskCard(db, scope(), id);
    return card && { id: card.id, userId: card.client.id, card };
  };

  return new Hono<AppEnv>()
    .get('/desk/alerts', desk, async (c) => ok(c, await activeAlertCards(db, scope())))
    .get('/desk/alerts/:id', desk, async (c) => {
      const id = c.req.param('id');
      if (!isUuid(id)) return notFound(c);
      const found = await deskCase(db, { ...scope(), secret: config.secret }, id);
      if (!found) return notFound(c);
      await recordAudit(db, config.secret, c.get('staff'), { action: 'case-opened', alertId: id }, clock.now());
      return ok(c, found);
    })
    .post('/desk/alerts/:id/claim', desk, async (c) => {
      const alert = await openable(c);
      if (!alert) return notFound(c);
      const result = await claimCase(db, alert, c.get('staff'), clock.now());
      if (result.kind === 'taken') return fail(c, 409, deskMessages.claimedByOther(result.by));
      return ok(c, await deskCard(db, scope(), alert.id));
    })
    .post('/desk/alerts/:id/notes', desk, validateJson(deskNoteSchema), async (c) => {
      const alert = await openable(c);
      if (!alert) return notFound(c);
      await addDeskNote(db, alert, c.get('staff'), { text: c.req.valid('json').text }, clock.now());
      return ok(c, deskMessages.saved);
    })
    .post('/desk/alerts/:id/actions', desk, validateJson(deskActionSchema), async (c) => {
      const alert = await openable(c);
      if (!alert) return notFound(c);
      const { action, text } = c.req.valid('json');
      await addDeskNote(db, alert, c.get('staff'), { action, text }, clock.now());
      return ok(c, deskMessages.saved);
    })
    .post('/desk/alerts/:id/close', desk, validateJson(deskCloseSchema), async (c) => {
      const alert = await openable(c);
      if (!alert) return notFound(c);
      const { outcome, text } = c.req.valid('json');
      if (!(await closeCase(db, alert, c.get('staff'), outcome, text, clock.now())))
        return fail(c, 409, deskMessages.alreadyClosed);
      return ok(c, await deskCard(db, scope(), alert.id));
    })
    .get('/desk/clients', desk, validateQuery(deskSearchSchema), async (c) => {
      const { q } = c.req.valid('query');
      const found = await searchClients(db, q, scope());
      const entry = { action: 'search', query: q, results: found.length } as const;
      await recordAudit(db, config.secret, c.get('staff'), entry, clock.now());
      return ok(c, found);
    })
    .get('/desk/audit', admin, validateQuery(deskAuditQuerySchema), async (c) => {
      const { q } = c.req.valid('query');
      if (q === undefined) return ok(c, await listAudit(db));
      const found = await listAudit(db, { queryHashes: fingerprintsFinding(config.secret, q) });
      // Written after the answer is read, so that a look-up never answers with itself.
      const searches = found.filter((line) => line.action === 'search').length;
      const entry = { action: 'lookup', query: q, results: searches } as const;
      await recordAudit(db, config.secret, c.get('staff'), entry, clock.now());
      return ok(c, found);
    })
    .get('/desk/audit.csv', admin, validateQuery(deskAuditCsvQuerySchema), async (c) => {
      const { zona } = c.req.valid('query');
      c.header('content-type', 'text/csv; charset=utf-8');
      c.header('content-disposition', 'attachment; filename="registro-del-escritorio.csv"');
      c.header('cache-control', 'no-store');
      return c.body(auditCsv(await listAudit(db, { limit: 100_000 }), zona));
    });
}
