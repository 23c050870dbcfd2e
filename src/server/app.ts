import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { MAX_BODY_BYTES } from '#shared/constants.ts';
import { apiMessages } from '#shared/messages.ts';
import { acknowledgementRoutes } from './acknowledgements/routes.ts';
import { alertRoutes } from './alerts/routes.ts';
import { createAlertStarter } from './alerts/start-alert-at-once.ts';
import { createSessionLookup } from './auth/bearer.ts';
import { authRoutes } from './auth/routes.ts';
import { checkInRoutes } from './check-ins/routes.ts';
import { contactConfirmationRoutes } from './contacts/confirmation-routes.ts';
import { contactsRoutes } from './contacts/routes.ts';
import { createDeskFeed } from './desk/desk-feed.ts';
import { deskLiveRoutes } from './desk/live-routes.ts';
import { deskPushRoutes } from './desk/push-routes.ts';
import { detentionRoutes } from './detention/routes.ts';
import type { AppDeps, AppInput } from './deps.ts';
import { isDatabaseUnavailable } from './http/database-unavailable.ts';
import { addMethodNotAllowed } from './http/api-fallbacks.ts';
import { appConfigRoutes } from './http/app-config-routes.ts';
import type { AppEnv } from './http/app-env.ts';
import { limitBody } from './http/body-limit.ts';
import { fail } from './http/replies.ts';
import { securityHeaders } from './http/security-headers.ts';
import { robotsTxt } from './http/robots.ts';
import { staticFiles } from './http/static-files.ts';
import { webRoutes } from './http/web-routes.ts';
import { pinRoutes } from './pins/routes.ts';
import { paceRepliesToPins } from './security/pin-reply-pace.ts';
import { profileRoutes } from './profile/routes.ts';
import { pushRoutes } from './push/routes.ts';
import { firmConsentRoutes } from './profile/firm-consent-routes.ts';
import { sessionRoutes } from './profile/session-routes.ts';
import { deskCaseRoutes } from './desk/case-routes.ts';
import { deskGate } from './staff/require-staff.ts';
import { staffRoutes } from './staff/routes.ts';

/** Seconds a caller is told to wait when the database is momentarily gone. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The whole HTTP surface, built from its dependencies (no module-level database). */
export function createApp(input: AppInput) {
  const { db, config, log } = input;
  const alertStarter = createAlertStarter(db, config);
  const deps: AppDeps = {
    ...input,
    alertStarter: input.alertStarter ? input.alertStarter(alertStarter) : alertStarter,
    sessionLookup: createSessionLookup(db.$client),
    deskFeed: input.deskFeed ?? createDeskFeed({ db, log }),
  };

  const api = new Hono<AppEnv>()
    // Before every desk route: requireStaff reads its checker from here.
    .use('/desk/*', deskGate(deps))
    .route('/', authRoutes(deps))
    .route('/', contactsRoutes(deps))
    .route('/', contactConfirmationRoutes(deps))
    .route('/', profileRoutes(deps))
    .route('/', pinRoutes(deps))
    .route('/', sessionRoutes(deps))
    .route('/', firmConsentRoutes(deps))
    .route('/', alertRoutes(deps))
    .route('/', checkInRoutes(deps))
    .route('/', detentionRoutes(deps))
    .route('/', acknowledgementRoutes(deps))
    .route('/', pushRoutes(deps))
    .route('/', appConfigRoutes(config))
    .route('/', staffRoutes(deps))
    .route('/', deskCaseRoutes(deps))
    .route('/', deskLiveRoutes(deps))
    .route('/', deskPushRoutes(deps));
  addMethodNotAllowed(api);

  const app = new Hono<AppEnv>();
  app.use('*', securityHeaders(config));
  app.use('/api/*', async (c, next) => {
    await next();
    // On the reply's own headers: c.header() after the handler copies the whole Response.
    c.res.headers.set('Cache-Control', 'no-store');
  });
  app.use(
    '/api/*',
    limitBody(MAX_BODY_BYTES, (c) => fail(c, 413, apiMessages.bodyTooLarge)),
  );
  app.use('/api/*', paceRepliesToPins(config.pinReplyPaceMs));
  app.route('/api', api);
  app.all('/api/*', (c) => fail(c, 404, apiMessages.notFound));
  app.route('/', staticFiles(config));
  app.route('/', robotsTxt());
  app.route('/', webRoutes(config));

  app.notFound((c) => c.text('No encontrado', 404));
  app.onError((error, c) => {
    // Hono's own refusals (e.g. a body it cannot read) keep their status, in our envelope.
    if (error instanceof HTTPException && error.status < 500)
      return fail(c, error.status, error.message || apiMessages.invalidData);
    // Name and driver code only: messages can echo input (addresses, tokens).
    const code = (error as { code?: unknown }).code;
    if (isDatabaseUnavailable(error)) {
      // A restart or a failover: the caller (the SOS queue too) should try again shortly; idempotency keys make that safe.
      log.error(`base de datos no disponible en ${c.req.method} ${c.req.routePath}`);
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return fail(c, 503, apiMessages.serviceUnavailable);
    }
    log.error(
      `error inesperado en ${c.req.method} ${c.req.routePath}: ${error.name}${typeof code === 'string' ? ` ${code}` : ''}`,
    );
    return fail(c, 500, apiMessages.serverError);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
