import { zodResolver } from '@hookform/resolvers/zod';
import * as ToastUI from '@radix-ui/react-toast';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { contactSchemaFor, contactTexts, type ContactMessageInput } from '../../config/contact.js';
import type { Lang } from '../../config/languages.js';
import type { Message } from '../../texts/message.js';
import { ContactFormView, ContactSentView, type ContactField, type FormSource, type PhoneLink } from '../contact/contact-form-view.js';
import { TOAST_DURATION, TOAST_SWIPE_THRESHOLD, type Toast, type ToastStore } from './toast-store.js';

export interface ContactIslandProps {
  /** The page's language: the form's words, its errors, the notices and the confirmation. */
  lang?: Lang;
  endpoint: string;
  /** The city site and page, sent with the message (the static form's hidden fields). */
  source: FormSource;
  serviceOptions: string[];
  messagePlaceholder: string;
  initial: Record<ContactField, string>;
  /** Fields the visitor already left in the static form before the takeover: validated at once, as if left here. */
  touched?: ContactField[];
  /** The clinic's number for the confirmation, as the static page carries it. */
  phone?: PhoneLink;
  store: ToastStore;
}

const EMPTY: Record<ContactField, string> = { firstName: '', lastName: '', email: '', phone: '', service: '', message: '' };

/**
 * A key for one message (the server's Idempotency-Key, 8-128 of [A-Za-z0-9_.:-]). From
 * getRandomValues, which a page served over plain http has too (randomUUID needs https).
 */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Spec section 8: a non-OK response becomes an error "status: response text (or status text)". */
async function postMessage(endpoint: string, body: string, key: string): Promise<void> {
  const res = await fetch(endpoint, {
    method: 'POST',
    // The endpoint is a form backend any origin may post to, never with the visitor's cookies (NOTES.md decision 10).
    credentials: 'omit',
    // The endpoint is the clinic's own server. The form's hidden `site` field files the message;
    // the page's path is kept as evidence and finds the page's folder for the no-script
    // confirmation, which the page's default policy would cut to the origin (decision 010).
    referrerPolicy: 'no-referrer-when-downgrade',
    // The same key when the visitor sends the same message again after a failure: if the first
    // try was stored but its answer lost (a dropped connection, a database restarting), the
    // server answers with the stored message instead of keeping a second copy.
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': key },
    body,
  });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
}

/** A catalogue entry as a toast: its title, and its message as the toast's description. */
const notice = ({ title, message }: Message, variant: Toast['variant']) => ({ title, description: message ?? '', variant });

/**
 * The contact form with validation under each field, pending state and notices; once a message is
 * sent, the confirmation in the form's place (NOTES.md decision 13) until "Send another message"
 * brings back an empty form: a new one, with nothing of the sent one's state.
 */
export function ContactIsland({ phone, store, initial, ...form }: ContactIslandProps) {
  const lang = form.lang ?? 'en';
  const M = contactTexts(lang);
  const toasts = useToasts(store);
  // 'form': the page's form (with what the visitor typed before the takeover); 'sent': the
  // confirmation; 'again': an empty form after "Send another message".
  const [view, setView] = useState<'form' | 'sent' | 'again'>('form');
  const heading = useRef<HTMLHeadingElement>(null);
  // The focus moves to the confirmation's heading before it is painted: a key pressed the moment
  // it shows goes to the heading, never to the body left behind by the form (a passive effect
  // moved it a frame later).
  useLayoutEffect(() => {
    if (view === 'sent') heading.current?.focus();
  }, [view]);
  useEffect(() => {
    if (view !== 'sent') return;
    // Screen readers hear the confirmation once: the focus on its heading reads the title, and the
    // toast's live announcement (Radix's, polite) leaves its title out and says only its text, "We
    // will contact you within 24 hours.". Announcing both the toast and the heading in full would
    // read the title twice; the confirmation itself is no live region for the same reason. The
    // toast comes once the confirmation is drawn and focused: its 5000 ms start with a render of
    // its own, not behind the form's unmounting.
    store.add({ ...notice(M.contactSent, 'default'), announceTitle: false });
  }, [view]);

  return (
    <ToastUI.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD} label={M.contactToasts.title}>
      {view === 'sent' ? (
        <ContactSentView lang={lang} phone={phone} headingRef={heading} onSendAnother={() => setView('again')} />
      ) : (
        <ContactForm {...form} initial={view === 'form' ? initial : EMPTY} again={view === 'again'} store={store} onSent={() => setView('sent')} />
      )}
      {toasts.map((t) => (
        <Notice key={t.id} toast={t} closeLabel={M.contactToasts.hint!} onOpenChange={(open) => !open && store.dismiss(t.id)} />
      ))}
      <ToastUI.Viewport hotkey={['F8']} label={M.contactToasts.message!} className="fixed right-0 bottom-0 z-50 m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
    </ToastUI.Provider>
  );
}

interface ContactFormProps extends Omit<ContactIslandProps, 'phone'> {
  /** Brought back by "Send another message": the focus starts on First Name. */
  again: boolean;
  onSent: () => void;
}

/**
 * One form, sent once. A press or Enter while it sends is turned away; a success unmounts it with
 * its guard still shut (the confirmation takes its place), so a press that arrives after the answer
 * finds no form to send. It used to be emptied and armed again in the instant the answer came, and
 * such a press sent the empty form: react-hook-form's handleSubmit validated it, marked the four
 * required fields and focused First Name, under the success notice.
 */
function ContactForm({ lang = 'en', endpoint, source, serviceOptions, messagePlaceholder, initial, touched = [], again, store, onSent }: ContactFormProps) {
  const M = contactTexts(lang);
  const form = useForm<ContactMessageInput>({
    resolver: zodResolver(contactSchemaFor(lang)),
    mode: 'onTouched',
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;
  // The message last sent without success and its key: sent again unchanged, it keeps the key.
  const attempt = useRef<{ body: string; key: string } | undefined>(undefined);
  useEffect(() => {
    if (again) form.setFocus('firstName');
    // Fields left before the takeover say what is wrong with them now, as on leaving them here.
    else if (touched.length > 0) void form.trigger(touched);
  }, []);

  // Shut from the press until the answer; opened again only when the message did not go (invalid
  // fields or a failure, the visitor keeps what they typed). The button stays focusable while
  // sending (aria-disabled, not `disabled`, which would drop the keyboard focus to the page's
  // body), so it is this guard that turns a second press or Enter in a field away.
  const busy = useRef(false);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy.current) return;
    busy.current = true;
    let done = false;
    const send = form.handleSubmit(async (data) => {
      const body = JSON.stringify({ ...data, ...source, ...(lang !== 'en' ? { language: lang } : {}) });
      if (attempt.current?.body !== body) attempt.current = { body, key: newKey() };
      try {
        await postMessage(endpoint, body, attempt.current.key);
      } catch {
        // Any failure, whatever the status: the visitor keeps what they typed.
        store.add(notice(M.contactFailed, 'destructive'));
        return;
      }
      done = true;
      onSent();
    });
    void send(e).finally(() => {
      busy.current = done;
    });
  };

  const messages = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v?.message ?? ''])) as Partial<Record<ContactField, string>>;
  return (
    <ContactFormView
      lang={lang}
      endpoint={endpoint}
      source={source}
      serviceOptions={serviceOptions}
      messagePlaceholder={messagePlaceholder}
      errors={messages}
      pending={isSubmitting}
      field={(name) => form.register(name)}
      onSubmit={onSubmit}
    />
  );
}

function Notice({ toast, closeLabel, onOpenChange }: { toast: Toast; closeLabel: string; onOpenChange: (open: boolean) => void }) {
  const tone = toast.variant === 'destructive' ? 'border-rose-800 bg-rose-700 text-white' : 'border-slate-200 bg-white text-slate-900';
  return (
    <ToastUI.Root
      open={toast.open}
      onOpenChange={onOpenChange}
      type={toast.variant === 'destructive' ? 'foreground' : 'background'}
      data-variant={toast.variant}
      className={`toast relative flex items-start justify-between gap-4 rounded-lg border p-4 pr-10 shadow-lg ${tone}`}
    >
      <div>
        {/* Left out of Radix's live announcement when something else says it (the focused confirmation). */}
        <ToastUI.Title className="font-semibold" data-radix-toast-announce-exclude={toast.announceTitle === false ? '' : undefined}>
          {toast.title}
        </ToastUI.Title>
        <ToastUI.Description className="mt-1 text-sm">{toast.description}</ToastUI.Description>
      </div>
      <ToastUI.Close aria-label={closeLabel} className="absolute top-2 right-2 inline-flex h-8 w-8 items-center justify-center rounded opacity-80 hover:opacity-100">
        <span aria-hidden="true">×</span>
      </ToastUI.Close>
    </ToastUI.Root>
  );
}

function useToasts(store: ToastStore): Toast[] {
  const [toasts, setToasts] = useState(store.get());
  useEffect(() => store.subscribe(setToasts), [store]);
  return toasts;
}
