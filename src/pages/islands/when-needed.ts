/**
 * Runs `start` once, when `el` comes within half a screen of the viewport or the visitor touches it
 * (focus, pointer, key), whichever is first; at once where IntersectionObserver is missing.
 * An island that only improves what works without script need not cost the first screen
 * anything when it sits below it.
 *
 * A tap or key on a submit button before the start is left to the page: taking over then would
 * replace the button between its pointerdown and its click, and the tap would be lost. The
 * static form posts natively (it works without script), and the start waits until that press
 * is over, so a visitor's first tap on "Send Message" always sends.
 */
export function whenNeeded(el: HTMLElement, start: () => void): void {
  if (typeof IntersectionObserver === 'undefined') return start();
  const events = ['focusin', 'pointerdown', 'keydown'] as const;
  let started = false;
  let pressing = false;
  let near = false;
  const go = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    for (const e of events) el.removeEventListener(e, onEvent, true);
    el.removeEventListener('click', onClick, true);
    start();
  };
  function onEvent(e: Event) {
    if (!submits(e.target)) return go();
    // The press's own click (or the form's native post) comes next; start after it, if at all.
    pressing = true;
  }
  function onClick() {
    if (!pressing) return;
    pressing = false;
    // After the click's default action: a native post has begun navigating, or the click did not
    // submit (an invalid field the browser points at), and the form is near: take over now.
    setTimeout(() => near && go(), 0);
  }
  const observer = new IntersectionObserver((entries) => {
    near = entries.some((e) => e.isIntersecting);
    if (near && !pressing) go();
  }, { rootMargin: '50% 0px' });
  observer.observe(el);
  for (const e of events) el.addEventListener(e, onEvent, true);
  el.addEventListener('click', onClick, true);
}

/** Whether `target` is (inside) a control that submits its form: a pressing it must not be taken over. */
function submits(target: EventTarget | null): boolean {
  const t = target as { closest?: (s: string) => unknown } | null;
  return typeof t?.closest === 'function' && Boolean(t.closest('button:not([type]), button[type="submit"], input[type="submit"]'));
}
