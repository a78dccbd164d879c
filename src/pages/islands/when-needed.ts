/**
 * Runs `start` once, when `el` comes within half a screen of the viewport or the visitor touches it
 * (focus, pointer, key), whichever is first; at once where IntersectionObserver is missing.
 * An island that only improves what works without script need not cost the first screen
 * anything when it sits below it.
 */
export function whenNeeded(el: HTMLElement, start: () => void): void {
  if (typeof IntersectionObserver === 'undefined') return start();
  const events = ['focusin', 'pointerdown', 'keydown'] as const;
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    for (const e of events) el.removeEventListener(e, go, true);
    start();
  };
  const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && go(), { rootMargin: '50% 0px' });
  observer.observe(el);
  for (const e of events) el.addEventListener(e, go, true);
}
