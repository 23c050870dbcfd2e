import { deskAccessTexts as t } from './desk-access-texts.ts';

/** The desk's index until the list of active alerts takes its place. */
export function DeskPlaceholder() {
  return (
    <section aria-labelledby="desk-index-title">
      <h1 id="desk-index-title">{t.placeholderTitle}</h1>
      <p>{t.placeholderBody}</p>
    </section>
  );
}
