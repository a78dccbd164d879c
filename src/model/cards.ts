/**
 * What the renderer gets for social cards (og:image, twitter:image): the site pipeline draws them
 * (src/site/cards/social-cards.ts) and pages only point at them, so rendering stays pure.
 */
export interface ShareCard {
  /** The card's file in the site: `assets/cards/trt-therapy.<hash>.png`, 1200x630. */
  file: string;
  /** What the card shows, in words: og:image:alt and twitter:image:alt. */
  alt: string;
}

/** The cards of a site by page route (`/`, `/trt-therapy/`); a page without one shows the home page's (`/`). */
export type SiteCards = Record<string, ShareCard>;

/** The card a page at `path` shows, if the site has cards: its own, else its language's home page's (`root`: `/`, `/es/`). */
export function cardFor(cards: SiteCards | undefined, path: string, root = '/'): ShareCard | undefined {
  return cards && (Object.hasOwn(cards, path) ? cards[path] : (cards[root] ?? cards['/']));
}
