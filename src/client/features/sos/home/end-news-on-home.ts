import { useEffect, useSyncExternalStore } from 'react';
import type { EndNews } from '#shared/end-news-texts.ts';
import { getAlertStatusAndEndNews } from '#client/api/alert-status.ts';
import { createStore } from '#client/lib/create-store.ts';

// What an end told the person when the page that ended it had closed before the answer came (the
// worker sent it): the person's status carries it, and home says it once, in the words and the box
// of an end answered at once (docs/decisions/051). Held here until home shows, so that a status read
// on another screen is not lost on the way.

const waiting = createStore<EndNews | null>(() => null);

/** The status carried the news of an end the person has not been shown: home shows it when it is on screen. */
export function holdEndNewsForHome(news: EndNews): void {
  waiting.set(news);
}

/**
 * The server's alert_status, as the check of the alert asks it (reconcile-alert.ts) whenever the app
 * opens or comes back: the same reply brings the news of an end the person has not been shown.
 */
export async function askAlertStatusHoldingEndNews(): Promise<boolean> {
  const { alertStatus, endNews } = await getAlertStatusAndEndNews();
  if (endNews) holdEndNewsForHome(endNews);
  return alertStatus;
}

/** On home: shows the news held for it, once. */
export function useEndNewsOnHome(): void {
  const news = useSyncExternalStore(waiting.subscribe, waiting.get);
  useEffect(() => {
    if (!news) return;
    waiting.set(null);
    // The words and the box of an end answered at once: code home's first download does not carry.
    void import('#client/features/sos/active/end-news.ts').then(
      ({ showEndNews }) => showEndNews(news, '/web/home'),
      () => undefined,
    );
  }, [news]);
}
