import { createRoot } from 'react-dom/client';
import type { ContactField } from '../contact/contact-form-view.js';
import { ContactIsland } from './contact-island.js';
import { createToastStore } from './toast-store.js';

/**
 * The contact form's island proper (preact, react-hook-form, zod, the toasts), loaded by the
 * page's small entry (contact.tsx) with a dynamic import, so its evaluation and the takeover each
 * run as a task of their own rather than one long task at load.
 *
 * React takes the static form over, keeping anything the visitor already typed and the field
 * they are in.
 */
export function takeOver(root: HTMLElement, touched: ContactField[] = []): void {
  const staticForm = root.querySelector('form');
  const data = staticForm ? new FormData(staticForm) : new FormData();
  const fields: ContactField[] = ['firstName', 'lastName', 'email', 'phone', 'service', 'message'];
  const initial = Object.fromEntries(fields.map((f) => [f, String(data.get(f) ?? '')])) as Record<ContactField, string>;
  const focused = document.activeElement?.id;
  // A Spanish page's form says so in a hidden field (contact-form-view.tsx): its island speaks Spanish too.
  const lang = data.get('language') === 'es' ? 'es' : 'en';
  createRoot(root).render(
    <ContactIsland
      lang={lang}
      endpoint={root.dataset.endpoint ?? '/api/contact'}
      source={{ site: String(data.get('site') ?? ''), page: String(data.get('page') ?? '') }}
      serviceOptions={JSON.parse(root.dataset.options ?? '[]') as string[]}
      messagePlaceholder={root.dataset.placeholder ?? ''}
      initial={initial}
      touched={touched}
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
