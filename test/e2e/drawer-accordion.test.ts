import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, collectErrors, launchBrowser } from '../helpers/browser.js';
import { buildSample } from '../helpers/built-site.js';
import { serveStatic } from '../helpers/static-server.js';

let browser: Browser;
let server: Awaited<ReturnType<typeof serveStatic>>;
beforeAll(async () => {
  server = await serveStatic(buildSample('tampa'));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(path: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await page.goto(server.url + path);
  return page;
}
const drawerOpen = (page: Page) => page.locator('#menu-drawer').evaluate((e) => e.matches(':popover-open'));
/** Waits until the drawer has slid all the way in: its transition ends when a loaded machine gets to it. */
const slidIn = (page: Page) =>
  expect.poll(() => page.locator('#menu-drawer').evaluate((e) => getComputedStyle(e).transform), { timeout: 15_000 }).toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.querySelector('svg')?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim());

describe('mobile drawer', () => {
  it.each([
    ['phone 375x667', PHONE, 300],
    ['tablet 768x1024', { width: 768, height: 1024 }, 400],
  ])('at %s: opens from the labelled button at its width from the right, focus inside, current page marked', async (_, viewport, width) => {
    const page = await open('/semaglutide/', viewport);
    const errors = collectErrors(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await drawerOpen(page)).toBe(true);
    await slidIn(page);
    const box = (await page.locator('#menu-drawer').boundingBox())!;
    expect(Math.round(box.width)).toBe(width);
    expect(Math.round(box.x + box.width)).toBe(viewport.width);
    expect(await focusedLabel(page)).toBe('Close menu');
    const current = page.locator('#menu-drawer a[aria-current="page"]');
    expect(await current.textContent()).toBe('Semaglutide');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('closes by the close button, Escape and a tap outside, returning focus to the menu button', async () => {
    const page = await open('/', PHONE);
    const menu = page.getByRole('button', { name: 'Open menu' });
    const isMenuFocused = () => page.evaluate(() => document.activeElement?.getAttribute('popovertarget') === 'menu-drawer' && !document.activeElement?.hasAttribute('popovertargetaction'));

    await menu.click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    expect(await drawerOpen(page)).toBe(false);
    expect(await isMenuFocused()).toBe(true);

    await menu.click();
    await page.keyboard.press('Escape');
    expect(await drawerOpen(page)).toBe(false);
    expect(await isMenuFocused()).toBe(true);

    await menu.click();
    await slidIn(page);
    await page.mouse.click(20, 400); // on the dimmed page, left of the drawer
    expect(await drawerOpen(page)).toBe(false);
    await page.close();
  });

  it('closes when a link is tapped, landing on that page', async () => {
    const page = await open('/', PHONE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#menu-drawer').getByRole('link', { name: 'About' }).click();
    await page.waitForURL(`${server.url}/about/`);
    expect(await drawerOpen(page)).toBe(false);
    expect(await page.locator('#menu-drawer').isVisible()).toBe(false);
    await page.close();
  });

  it('closes when a link that keeps the page is tapped (Call: the phone takes it), and on the page a link left', async () => {
    const page = await open('/', PHONE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await slidIn(page);
    const call = page.locator('#menu-drawer a[href^="tel:"]');
    // The phone's dialer takes a tel: link and the page stays: here the browser is kept from following it.
    await call.evaluate((a) => a.addEventListener('click', (e) => e.preventDefault()));
    await call.click();
    expect(await drawerOpen(page)).toBe(false);

    // The page a link left, as the back-forward cache would bring it back: the menu is closed.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#menu-drawer').getByRole('link', { name: 'About' }).evaluate((a) => a.addEventListener('click', (e) => e.preventDefault()));
    await page.locator('#menu-drawer').getByRole('link', { name: 'About' }).click();
    expect(await drawerOpen(page)).toBe(false);
    await page.close();
  });

  it('is keyboard operable: Enter on the menu button opens it, Tab moves through its links', async () => {
    const page = await open('/', PHONE);
    await page.getByRole('button', { name: 'Open menu' }).focus();
    await page.keyboard.press('Enter');
    expect(await drawerOpen(page)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Home');
    await page.close();
  });

  it('on a desktop the nav is inline and the menu button is hidden', async () => {
    const page = await open('/', DESKTOP);
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    expect(await page.locator('nav[aria-label="Main"]').isVisible()).toBe(true);
    await page.close();
  });
});

describe('while the mobile menu is open (issue 35: the menu is a place of its own)', () => {
  const inDrawer = (page: Page) => page.evaluate(() => document.getElementById('menu-drawer')!.contains(document.activeElement));
  const isMenuFocused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('popovertarget') === 'menu-drawer' && !document.activeElement?.hasAttribute('popovertargetaction'));
  /** A wheel's scroll at (x, y): resolves once the gesture has been applied (an unlocked page has moved by then). */
  const wheel = async (page: Page, x: number, y: number) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.synthesizeScrollGesture', { x, y, yDistance: -500, gestureSourceType: 'mouse', speed: 2000 });
    await cdp.detach();
  };
  /** A finger's swipe up from (x, 560) to (x, 100): resolves once the page has its touchend and has drawn two frames since. */
  const swipe = async (page: Page, x: number) => {
    const ended = page.evaluate(() => new Promise<void>((r) => addEventListener('touchend', () => r(), { once: true, capture: true })));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: 560 }] });
    for (let y = 540; y >= 100; y -= 20) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    await ended;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  };
  const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
  /** Runs a gesture that scrolls the page and waits for the scroll to end, its fling included. */
  const scrolled = async (page: Page, gesture: () => Promise<void>) => {
    await page.evaluate(() => {
      (window as { ended?: Promise<void> }).ended = new Promise<void>((r) => addEventListener('scrollend', () => r(), { once: true }));
    });
    await gesture();
    await page.evaluate(() => (window as { ended?: Promise<void> }).ended);
    return scrollY(page);
  };

  it('at 375 px: 20 Tabs and 20 Shift+Tabs never leave it, and go round every link and button in it', async () => {
    const page = await open('/', PHONE);
    const errors = collectErrors(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await focusedLabel(page)).toBe('Close menu');
    const stops = await page.locator('#menu-drawer').locator('a[href], button').evaluateAll((els) => els.map((e) => e.querySelector('svg')?.getAttribute('aria-label') ?? e.textContent!.trim()));
    expect(stops[0]).toBe('Close menu');
    expect(stops.at(-1)).toMatch(/^Call \(813\)/);
    for (const key of ['Tab', 'Shift+Tab']) {
      const seen: string[] = [];
      for (let i = 1; i <= 20; i++) {
        await page.keyboard.press(key);
        expect(await inDrawer(page), `${key} ${i} left the menu`).toBe(true);
        seen.push((await focusedLabel(page))!);
      }
      // Round and round, in order: forward from Close, backward from where the Tabs ended.
      expect(new Set(seen)).toEqual(new Set(stops));
      if (key === 'Tab') expect(seen.slice(0, stops.length)).toEqual([...stops.slice(1), stops[0]]);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the page behind it still: a wheel or a swipe does not scroll it, and nothing moves sideways', async () => {
    const ctx = await browser.newContext({ viewport: PHONE, hasTouch: true });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/`);
    const menu = page.getByRole('button', { name: 'Open menu' });
    // With the menu closed, the same wheel and swipe scroll the page: they are gestures that scroll.
    const wheeled = await scrolled(page, () => wheel(page, 20, 400));
    expect(wheeled).toBeGreaterThan(100);
    const before = await scrolled(page, () => swipe(page, 20));
    expect(before).toBeGreaterThan(wheeled);
    const heading = page.locator('main h2').first();
    const where = await heading.boundingBox();

    await menu.click();
    await slidIn(page);
    // The page keeps its width: no scrollbar's room given back, nothing reflows behind the menu.
    expect(await heading.boundingBox()).toEqual(where);
    await wheel(page, 20, 400); // on the dimmed page
    await wheel(page, 200, 500); // on the drawer, below its links
    expect(await scrollY(page)).toBe(before);
    await swipe(page, 200); // on the drawer
    await swipe(page, 20); // on the dimmed page
    expect(await scrollY(page)).toBe(before);
    expect(await drawerOpen(page)).toBe(true);

    // Closed, the page is where it was and scrolls again.
    await page.keyboard.press('Escape');
    expect(await drawerOpen(page)).toBe(false);
    expect(await scrollY(page)).toBe(before);
    expect(await heading.boundingBox()).toEqual(where);
    expect(await scrolled(page, () => wheel(page, 20, 400))).toBeGreaterThan(before);
    await ctx.close();
  });

  it('with a desktop scrollbar that takes room (768 px): the page neither widens nor moves while the menu is open', async () => {
    const desktop = await launchBrowser({ scrollbars: true });
    try {
      const page = await desktop.newPage({ viewport: { width: 768, height: 1024 } });
      await page.goto(`${server.url}/`);
      const room = () => page.evaluate(() => window.innerWidth - document.documentElement.clientWidth);
      expect(await room()).toBeGreaterThan(0); // the scrollbar is there and takes room
      const boxes = () => Promise.all(['header', 'main h1', 'main h2'].map((s) => page.locator(s).first().boundingBox()));
      const before = await boxes();
      await page.getByRole('button', { name: 'Open menu' }).click();
      await slidIn(page);
      expect(await boxes()).toEqual(before);
      const drawer = (await page.locator('#menu-drawer').boundingBox())!;
      expect(drawer.x + drawer.width).toBe(before[0]!.width); // at the page's right edge, beside the scrollbar's room
      await page.keyboard.press('Escape');
      expect(await boxes()).toEqual(before);
    } finally {
      await desktop.close();
    }
  });

  it('Escape after Tabbing round closes it, focus back on the menu button', async () => {
    const page = await open('/trt-therapy/', PHONE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
    expect(await inDrawer(page)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await drawerOpen(page)).toBe(false);
    expect(await isMenuFocused(page)).toBe(true);
    await page.close();
  });

  it('the footer links every page the menu does, About and Contact included: where popover is missing, the menu cannot open', async () => {
    const page = await open('/', PHONE);
    const footerLinks = await page.locator('footer a[href]').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    const drawerLinks = await page.locator('#menu-drawer nav a').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(drawerLinks.length).toBeGreaterThan(4);
    expect(drawerLinks.filter((p) => !footerLinks.includes(p))).toEqual([]);
    await page.close();
  });
});

describe('focus ring', () => {
  /** Tabs from the element before `target` to it, and reads the ring it then shows. */
  const ringOn = async (page: Page, target: string) => {
    const link = page.locator(target).first();
    await link.evaluate((el) => {
      const all = [...document.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), summary')].filter((e) => e === el || e.checkVisibility());
      all[all.indexOf(el as HTMLElement) - 1]!.focus();
    });
    await page.keyboard.press('Tab');
    return link.evaluate((el) => ({ focused: el.matches(':focus-visible'), color: getComputedStyle(el).outlineColor, width: getComputedStyle(el).outlineWidth }));
  };

  it('is white on the dark hero, closing band and footer (the brand blue is 2.05:1 on them), the brand colour on white', async () => {
    const page = await open('/about/', DESKTOP);
    const white = { focused: true, color: 'rgb(255, 255, 255)', width: '3px' };
    expect(await ringOn(page, 'footer a[href="../privacy/"]')).toEqual(white);
    expect(await ringOn(page, 'main section.dark-surface a[href="../contact/#send-message"]')).toEqual(white);
    expect(await ringOn(page, 'main div.dark-surface a[href^="tel:"]')).toEqual(white);
    // Tampa's brand, #1e40af, on the white header.
    expect(await ringOn(page, 'nav[aria-label="Main"] a[href="../contact/"]')).toEqual({ focused: true, color: 'rgb(30, 64, 175)', width: '3px' });
    await page.close();
  });
});

describe('FAQ accordion', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('on a %s: one open at a time, the open one collapses, answers are in the page', async (_, viewport) => {
    const page = await open('/', viewport);
    const items = page.locator('details[name="faq"]');
    expect(await items.count()).toBe(6);
    const openCount = () => page.locator('details[name="faq"][open]').count();
    expect(await openCount()).toBe(0);
    await items.nth(0).locator('summary').click();
    expect(await items.nth(0).getAttribute('open')).toBe('');
    await items.nth(3).locator('summary').click();
    expect(await openCount()).toBe(1);
    expect(await items.nth(3).getAttribute('open')).toBe('');
    await expect(items.nth(3).locator('p').isVisible()).resolves.toBe(true);
    await items.nth(3).locator('summary').click();
    expect(await openCount()).toBe(0);
    await page.close();
  });

  it('works by keyboard: Enter and Space toggle the focused question', async () => {
    const page = await open('/', DESKTOP);
    const summaries = page.locator('details[name="faq"] summary');
    await summaries.nth(1).focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('details[name="faq"]').nth(1).getAttribute('open')).toBe('');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await page.locator('details[name="faq"][open]').count()).toBe(1);
    expect(await page.locator('details[name="faq"]').nth(2).getAttribute('open')).toBe('');
    await page.keyboard.press('Space');
    expect(await page.locator('details[name="faq"][open]').count()).toBe(0);
    await page.close();
  });

  it('answers are readable with JavaScript off', async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/`);
    await page.locator('details[name="faq"] summary').nth(5).click();
    await expect(page.getByText('claim documentation', { exact: false }).isVisible()).resolves.toBe(true);
    await ctx.close();
  });
});
