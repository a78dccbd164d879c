// The mobile menu's one script (docs/decisions/022-menu-focus.md): while the drawer
// (src/pages/components/header.tsx) is open, Tab and Shift+Tab go round its links and buttons
// instead of walking out to the page it covers. Everything else is the platform's: the popover
// opens and closes it, Escape and a tap outside close it and give focus back to the menu button,
// and the stylesheet stops the page behind it scrolling; a tapped link closes it here. Without
// script the menu works as before.

const drawer = document.getElementById('menu-drawer');
// A browser without popover shows no menu (styles.css): nothing to do.
if (drawer && 'popover' in HTMLElement.prototype) {
  const root = document.documentElement;
  // Where the page's scrollbar takes room (a desktop's, not a phone's), the room is kept while the
  // stylesheet hides it, so the page does not widen behind the menu. Measured just before it opens.
  drawer.addEventListener('beforetoggle', (e) => {
    root.style.scrollbarGutter = (e as ToggleEvent).newState === 'open' && innerWidth > root.clientWidth ? 'stable' : '';
  });
  // A tapped link closes the drawer: else the page it leaves comes back from the back-forward cache
  // with the menu open, and a link that keeps the page (Call: the phone takes it) leaves it over the page.
  drawer.addEventListener('click', (e) => {
    if (e.target instanceof Element && e.target.closest('a[href]') && drawer.matches(':popover-open')) drawer.hidePopover();
  });
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey || !drawer.matches(':popover-open')) return;
    const stops = [...drawer.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')].filter((el) => el.getClientRects().length > 0);
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (!first || !last) return;
    const at = document.activeElement;
    // From the edge, or from anywhere outside (focus left on the page by a tap on the drawer's text).
    if (at === (e.shiftKey ? first : last) || !(at instanceof Node && drawer.contains(at))) {
      e.preventDefault();
      (e.shiftKey ? last : first).focus();
    }
  });
}
