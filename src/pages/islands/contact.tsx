import { createRoot } from 'react-dom/client';
import type { ContactField } from '../contact/contact-form-view.js';
import { ContactIsland } from './contact-island.js';
import { barAwayWhileOnScreen } from './action-bar.js';
import { whenNeeded } from './when-needed.js';
import { createToastStore } from './toast-store.js';

// Entry of the contact page's island. The static form works without script (a native form post);
// React takes the form over, keeping anything the visitor already typed, once the form is about
// to be seen or touched (when-needed.ts): on a phone the form is a screen or two down, and the
// takeover is the page's one long task.
const root = document.getElementById('contact-form-root');
if (root) whenNeeded(root, () => takeOver(root));
// The phone's bar steps aside while the form's card (the root's parent) is on screen.
if (root?.parentElement) barAwayWhileOnScreen(root.parentElement);

function takeOver(root: HTMLElement): void {
  const staticForm = root.querySelector('form');
  const data = staticForm ? new FormData(staticForm) : new FormData();
  const fields: ContactField[] = ['firstName', 'lastName', 'email', 'phone', 'service', 'message'];
  const initial = Object.fromEntries(fields.map((f) => [f, String(data.get(f) ?? '')])) as Record<ContactField, string>;
  const focused = document.activeElement?.id;
  createRoot(root).render(
    <ContactIsland
      endpoint={root.dataset.endpoint ?? '/api/contact'}
      source={{ site: String(data.get('site') ?? ''), page: String(data.get('page') ?? '') }}
      serviceOptions={JSON.parse(root.dataset.options ?? '[]') as string[]}
      messagePlaceholder={root.dataset.placeholder ?? ''}
      initial={initial}
      phone={root.dataset.tel ? { href: root.dataset.tel, text: root.dataset.phone ?? '' } : undefined}
      store={createToastStore()}
    />,
  );
  // The field the visitor was in keeps the focus (a takeover on focus replaces that very field).
  if (focused) {
    document.getElementById(focused)?.focus();
    requestAnimationFrame(() => document.getElementById(focused)?.focus());
  }
}
