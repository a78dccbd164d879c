import { barAwayWhileOnScreen } from './action-bar.js';
import { whenNeeded } from './when-needed.js';
import type { ContactField } from '../contact/contact-form-view.js';

const FIELDS: ContactField[] = ['firstName', 'lastName', 'email', 'phone', 'service', 'message'];

// Entry of the contact page's island: a few hundred bytes, run at load. The static form works
// without script (a native form post); the island proper (contact-form.tsx, its URL in the root's
// data-island) is fetched once the form is about to be seen or touched (when-needed.ts), after the
// first paint, and then takes the form over. Its evaluation and the takeover are separate tasks,
// so a phone's main thread is never held long. Should it fail to load, the static form stays.
const root = document.getElementById('contact-form-root');
if (root?.dataset.island) {
  const src = new URL(root.dataset.island, document.baseURI).href;
  let island: Promise<typeof import('./contact-form.js')> | undefined;
  const load = () => (island ??= import(src) as Promise<typeof import('./contact-form.js')>);
  // The first sign of a visitor at work (a scroll, a tap, a key) fetches the island ahead, so a
  // takeover on focus waits for no network. A page nobody touches (a crawler) never loads it.
  for (const type of ['scroll', 'pointerdown', 'keydown'] as const) addEventListener(type, () => void load().catch(() => undefined), { once: true, passive: true });
  // Fields left in the static form before the takeover: the island validates them as it starts.
  const touched = new Set<string>();
  const noteLeft = (e: Event) => {
    const name = (e.target as { name?: string } | null)?.name;
    if (name) touched.add(name);
  };
  root.addEventListener('focusout', noteLeft, true);
  whenNeeded(root, () => {
    load().then(
      (m) =>
        setTimeout(() => {
          root.removeEventListener('focusout', noteLeft, true);
          m.takeOver(root, [...touched].filter((f): f is ContactField => FIELDS.includes(f as ContactField)));
        }, 0),
      () => undefined,
    );
  });
}
// The phone's bar steps aside while the form's card (the root's parent) is on screen.
if (root?.parentElement) barAwayWhileOnScreen(root.parentElement);
