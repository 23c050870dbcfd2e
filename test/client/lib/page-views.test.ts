import { afterEach, describe, expect, it } from 'vitest';
import { APP_NAME } from '#shared/constants.ts';
import { trackPageViews } from '#client/lib/page-views.ts';
import { resetAll } from '#client/lib/session/session-store.ts';
import { createTestRouter } from '../support/render-app.tsx';
import { signIn } from '../support/session.ts';

afterEach(() => {
  window.dataLayer = [];
  void resetAll();
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

  it("names a contact's link pages without their token, and a contact's page without its id", async () => {
    signIn();
    for (const path of [
      '/web/active/ack/tok-3f9a8b7c6d5e',
      '/web/active/verify/tok-3f9a8b7c6d5e',
      '/web/contact/0b7e3c1a-2d4f-4e6a-9c8b-7a6d5e4f3c2b',
    ]) {
      const { router } = createTestRouter(path);
      const stop = trackPageViews(router);
      await router.load();
      stop();
    }
    expect(window.dataLayer?.map((event) => event.page_path)).toEqual([
      '/web/active/ack/$token',
      '/web/active/verify/$token',
      '/web/contact/$contactId',
    ]);
    expect(JSON.stringify(window.dataLayer)).not.toMatch(/tok-3f9a|0b7e3c1a/);
  });

  it('gives every screen its own document title, the 404 page too', async () => {
    const screens = [
      ['/web/auth/signin', 'Iniciar sesión'],
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

  it("leaves a contact's page to title itself in the contact's language, after a navigation too", async () => {
    const { router } = createTestRouter('/web/active/ack/tok-3f9a8b7c6d5e?lang=ht');
    const stop = trackPageViews(router);
    await router.load();
    // What the invalid-link page's own title in Creole would be (use-contact-language.ts sets it).
    document.title = `Lyen an pa bon · ${APP_NAME}`;
    await router.navigate({ to: '/web/active/invalid', search: { lang: 'ht' } });
    stop();
    expect({ title: document.title, views: window.dataLayer?.length }).toEqual({
      title: `Lyen an pa bon · ${APP_NAME}`,
      views: 2,
    });
  });
});
