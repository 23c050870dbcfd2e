import { endNewsTexts, isContactsTold } from '#shared/end-news-texts.ts';
import { markEndNewsSeen } from '#client/api/end-news.ts';
import { createStore } from '#client/lib/create-store.ts';
import { getSosQueueView, subscribeSosQueue } from '#client/lib/sos-worker/sos-queue-store.ts';
import { dismissToast, showToast } from '#client/ui/toast-store.ts';
import { onHeldSettled, type SosRequest } from '#client/features/sos/press/page-queue.ts';
import { putActiveButton, type ReplyEndNews } from '#client/features/sos/press/put-active-button.ts';

// Whether the alert had left for the contacts when it ended (docs/decisions/049), told on the
// screen the person is on when the server's answer comes: at once for an end sent online, and
// for a queued end once it reached the server; or, when the page that ended it had closed by
// then, on home the next time the app opens, from the person's status (docs/decisions/051). The
// same words after either PIN: the server's reply is the same.

/** A kept end reached the server and there is nothing to say of the contacts (no alert was on, nobody to tell). */
export const END_SENT = 'Tu alerta terminó.';

/** Long enough to be read by someone shaken, and closed by hand before then. */
const END_NEWS_MS = 120_000;

/** The alerts whose news this page has shown: the end's reply and the status may both bring it. */
const shown = createStore(() => new Set<string>());

/**
 * Shows what an end told the person (nothing when it said nothing: no alert, or nobody to tell),
 * once per alert in this page, and tells the server it was shown, so that the status stops
 * carrying it. Should that fail, the next open shows it again: twice is better than never.
 */
export function showEndNews(news: ReplyEndNews | undefined, screen?: string): boolean {
  if (!news || !isContactsTold(news.contacts_told)) return false;
  if (!shown.get().has(news.alert_id)) {
    shown.get().add(news.alert_id);
    showToast({
      message: endNewsTexts[news.contacts_told],
      // Bad news is never in a green box: nobody heard of the alert.
      variant: news.contacts_told === 'none' ? 'warning' : 'info',
      durationMs: END_NEWS_MS,
      ...(screen ? { screen } : {}),
    });
  }
  void markEndNewsSeen(news.alert_id).catch(() => undefined);
  return true;
}

/**
 * An end the worker or this page keeps: once it reaches the server, its answer is shown. The
 * page's own resend brings the answer with it; the worker only says it delivered the request,
 * so the server is asked again with the same key and body, which an answered key answers with
 * its first reply and changes nothing. The body (its PIN too) stays in memory only, until then.
 */
export function showEndNewsWhenSent(request: SosRequest, by: 'worker' | 'page', waitingToast: number): void {
  const show = (news: ReplyEndNews | undefined) => {
    // Sent, 'se enviará en cuanto haya señal' is over: what happened takes its place.
    dismissToast(waitingToast);
    // Nothing of the contacts to say: the end still says it went, the words the waiting line promised.
    if (!showEndNews(news)) showToast({ message: END_SENT, variant: 'info' });
  };
  if (by === 'page') {
    const stop = onHeldSettled((key, reply) => {
      if (key !== request.key) return;
      stop();
      if (reply.kind === 'done') show(reply.told);
      // Handed to a worker that took control of the page meanwhile: its delivery brings the answer.
      if (reply.kind === 'queued') showEndNewsWhenSent(request, 'worker', waitingToast);
    });
    return;
  }
  let asked = false;
  const askOnceSent = () => {
    if (asked || !getSosQueueView().delivered.has(request.key)) return;
    asked = true;
    stop();
    void putActiveButton(request.key, request.body)
      .then((reply) => {
        if (reply.kind === 'done') show(reply.told);
      })
      .catch(() => undefined);
  };
  const stop = subscribeSosQueue(askOnceSent);
  // Delivered already, before this page listened.
  askOnceSent();
}
