import type { Page } from 'playwright-core';

/** A target that fails WCAG 2.2 SC 2.5.8, as a test names it. */
export interface SmallTarget {
  /** The target's accessible text (its label, its text or its href). */
  name: string;
  width: number;
  height: number;
  /** The other target its 24 px circle meets: what leaves it without the spacing the rule allows. */
  near: string;
}

/**
 * WCAG 2.2 SC 2.5.8 Target Size (Minimum) on the page as it is now: every visible link and button
 * (`within` a part of the page, or all of it) is at least 24 by 24 CSS px, or undersized but spaced
 * as the rule allows: a 24 px circle centred on its bounding box meets no other target and no other
 * undersized target's circle. The rule's inline exception is taken as the rule words it: a link set
 * in running text (display inline, on a line box it shares with words of its block that are no
 * target's) is sized by the line-height of that text, and is exempt; a link alone on its line, or
 * alone in a list item, is not. Targets hidden from the pointer (display
 * none, visibility hidden, transparent, or clipped to a pixel as the skip link is until focused) are
 * no targets.
 */
export function smallTargets(page: Page, within = 'body'): Promise<SmallTarget[]> {
  return page.evaluate((within) => {
    const SELECTOR = 'a[href], button, summary, input[type="submit"], input[type="button"], input[type="reset"], [role="button"], [role="link"]';
    const RADIUS = 12;
    const EPSILON = 0.01;
    const root = document.querySelector(within)!;
    const nameOf = (el: Element) =>
      (el.getAttribute('aria-label') ?? el.querySelector('[aria-label]')?.getAttribute('aria-label') ?? el.textContent?.replace(/\s+/g, ' ').trim()) ||
      el.getAttribute('href') ||
      el.tagName.toLowerCase();
    const shown = (el: Element) => {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1;
    };
    /** The nearest ancestor that lays out lines: the block the target's line boxes belong to. */
    const blockOf = (el: Element): Element => {
      let p = el.parentElement!;
      while (p.parentElement && ['inline', 'contents'].includes(getComputedStyle(p).display)) p = p.parentElement;
      return p;
    };
    /** Whether words of the block's own (text outside every target) share a line box with the target. */
    const inRunningText = (el: Element) => {
      const lines = [...el.getClientRects()];
      const walker = document.createTreeWalker(blockOf(el), NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (n.parentElement!.closest(SELECTOR) || !/\p{L}/u.test(n.textContent!)) continue;
        range.selectNodeContents(n);
        for (const r of range.getClientRects()) if (r.width > 0 && lines.some((l) => r.top < l.bottom && l.top < r.bottom)) return true;
      }
      return false;
    };
    const inline = (el: Element) => getComputedStyle(el).display === 'inline' && inRunningText(el);

    /** The fixed layer a target is drawn in (the header, a bar, the menu), or none: targets are neighbours only within one. */
    const layerOf = (el: Element) => {
      for (let p: Element | null = el; p; p = p.parentElement) if (getComputedStyle(p).position === 'fixed') return p;
      return null;
    };
    const all = [...root.querySelectorAll(SELECTOR)].filter(shown);
    const targets = all.map((el) => {
      const r = el.getBoundingClientRect();
      return { el, r, layer: layerOf(el), cx: r.left + r.width / 2, cy: r.top + r.height / 2, small: r.width < 24 - EPSILON || r.height < 24 - EPSILON, exempt: false };
    });
    for (const t of targets) t.exempt = t.small && inline(t.el);
    // A target nested in another (a button in a link) is the same place to tap, not a neighbour; a
    // fixed header or bar moves over the page as it scrolls, so only its own targets are beside it.
    const apart = (a: (typeof targets)[number], b: (typeof targets)[number]) => a.layer === b.layer && !a.el.contains(b.el) && !b.el.contains(a.el);
    const toRect = (x: number, y: number, r: DOMRect) => Math.hypot(Math.max(r.left - x, 0, x - r.right), Math.max(r.top - y, 0, y - r.bottom));

    const failures: { name: string; width: number; height: number; near: string }[] = [];
    for (const a of targets) {
      if (!a.small || a.exempt) continue;
      const near = targets.find(
        (b) => b !== a && apart(a, b) && (toRect(a.cx, a.cy, b.r) < RADIUS - EPSILON || (b.small && !b.exempt && Math.hypot(a.cx - b.cx, a.cy - b.cy) < 2 * RADIUS - EPSILON)),
      );
      if (near) failures.push({ name: nameOf(a.el), width: Math.round(a.r.width * 10) / 10, height: Math.round(a.r.height * 10) / 10, near: nameOf(near.el) });
    }
    return failures;
  }, within);
}
