import { barAwayWhileOnScreen } from './action-bar.js';
import { whenNeeded } from './when-needed.js';

// Entry of the contact page's island: a few hundred bytes, run at load. The static form works
// without script (a native form post); the island proper (contact-form.tsx, its URL in the root's
// data-island) is fetched once the form is about to be seen or touched (when-needed.ts), after the
// first paint, and then takes the form over. Its evaluation and the takeover are separate tasks,
// so a phone's main thread is never held long. Should it fail to load, the static form stays.
const root = document.getElementById('contact-form-root');
if (root?.dataset.island) {
  const src = new URL(root.dataset.island, document.baseURI).href;
  whenNeeded(root, () => {
    (import(src) as Promise<typeof import('./contact-form.js')>).then(
      (m) => setTimeout(() => m.takeOver(root), 0),
      () => undefined,
    );
  });
}
// The phone's bar steps aside while the form's card (the root's parent) is on screen.
if (root?.parentElement) barAwayWhileOnScreen(root.parentElement);
