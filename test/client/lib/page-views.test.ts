import { afterEach, describe, expect, it } from 'vitest';
import { APP_NAME } from '#shared/constants.ts';
import { trackPageViews } from '#client/lib/page-views.ts';
import { createTestRouter } from '../support/render-app.tsx';

afterEach(() => {
  window.dataLayer = [];
});

describe('page views', () => {
  it('names each page by its title, or as untitled', async () => {
    window.dataLayer = [];
    const titled = createTestRouter('/web/active/invalid');
    const stop = trackPageViews(titled.router);
    await titled.router.load();
    stop();
    const untitled = createTestRouter('/no/such/page');
    const stopUntitled = trackPageViews(untitled.router);
    await untitled.router.load();
    stopUntitled();
    expect(window.dataLayer).toEqual([
      { event: 'page_view', page_path: '/web/active/invalid', page_title: 'Token Inválido' },
      { event: 'page_view', page_path: '/no/such/page', page_title: 'Página sin título' },
    ]);
  });

  it('gives every screen its own document title, the 404 page too', async () => {
    const screens = [
      ['/web/active/invalid', 'Token Inválido'],
      ['/no/such/page', 'Página No Encontrada'],
    ] as const;
    for (const [path, title] of screens) {
      const { router } = createTestRouter(path);
      const stop = trackPageViews(router);
      await router.load();
      stop();
      expect(document.title).toBe(`${title} · ${APP_NAME}`);
    }
  });
});
