import { beforeEach, describe, expect, it } from 'vitest';
import { pushTexts } from '#shared/push-texts.ts';
import { showPushNotification } from '#sw/push-notifications.ts';

// A push the worker cannot read still shows a notification (iOS revokes a web app whose pushes
// show none): in the language the message says when it says one, Spanish when it says none.

const shown: { title: string; options?: NotificationOptions }[] = [];

beforeEach(() => {
  shown.length = 0;
  Object.defineProperty(self, 'registration', {
    configurable: true,
    value: {
      showNotification: (title: string, options?: NotificationOptions) =>
        Promise.resolve(void shown.push({ title, options })),
    },
  });
});

const said = () =>
  shown.map(({ title, options }) => ({
    title,
    body: options?.body,
    lang: options?.lang,
    data: options?.data as unknown,
  }));

describe('a push the worker cannot read', () => {
  it("says so in the language its message gives, by our language or by the notification's tag", async () => {
    // A newer server's shape: no longer ours to read, but it still says whose language it is.
    await showPushNotification(JSON.stringify({ web_push: 9001, notification: { data: { lang: 'ht' } } }));
    await showPushNotification(JSON.stringify({ web_push: 9001, message: { lang: 'pt-BR', words: 1 } }));
    await showPushNotification(JSON.stringify({ lang: 'en' }));
    const url = `${self.location.origin}/web`;
    expect(said()).toEqual([
      { ...fallback('ht'), lang: 'ht', data: { navigate: url, lang: 'ht' } },
      { ...fallback('pt'), lang: 'pt-BR', data: { navigate: url, lang: 'pt' } },
      { ...fallback('en'), lang: 'en', data: { navigate: url, lang: 'en' } },
    ]);
  });

  it('says so in Spanish when the message says no language, or one we do not write', async () => {
    await showPushNotification('not json at all');
    await showPushNotification(undefined);
    await showPushNotification(JSON.stringify({ notification: { lang: 'fr' } }));
    const url = `${self.location.origin}/web`;
    expect(said()).toEqual(Array(3).fill({ ...fallback('es'), lang: 'es', data: { navigate: url, lang: 'es' } }));
  });
});

function fallback(language: 'es' | 'en' | 'pt' | 'ht') {
  const texts = pushTexts(language);
  return { title: texts.fallbackTitle, body: texts.fallbackBody };
}
