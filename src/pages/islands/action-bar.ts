/**
 * The phone's bottom bar of Call, Book and Directions (components/action-bar.tsx) on the contact
 * page: while the form's card is on screen the bar would only repeat the page and could sit over
 * the Send button, so it slides away (`data-away`, styles.css) and comes back once the card is
 * scrolled past. Without script, or without IntersectionObserver, the bar stays: the page leaves
 * room for it, and a field or button focused or scrolled into view stops above it.
 */

/** The bar in the static markup (ACTION_BAR_CLASS of components/action-bar.tsx). */
export const ACTION_BAR_SELECTOR = 'nav.action-bar';

export function barAwayWhileOnScreen(card: Element, doc: Document = document): void {
  const bar = doc.querySelector(ACTION_BAR_SELECTOR);
  if (!bar || typeof IntersectionObserver === 'undefined') return;
  new IntersectionObserver((entries) => {
    bar.toggleAttribute('data-away', entries[entries.length - 1]!.isIntersecting);
  }).observe(card);
}
