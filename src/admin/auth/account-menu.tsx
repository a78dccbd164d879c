import { useEffect, useId, useRef, useState } from 'react';
import type { Go, View } from '../route.js';
import { hashOf } from '../route.js';
import { ROLE_LABELS } from './account.js';
import { useSession } from './session-context.js';

const itemClass = 'flex min-h-11 w-full items-center rounded-md px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-100';

/**
 * Who is signed in, and their own account's pages: Two-step sign-in, Change password, Sign out.
 * A disclosure (a button that shows a list of links), which Escape, a click or the focus elsewhere close.
 */
export function AccountMenu({ go, guarded = (action) => action() }: { go: Go; guarded?: (action: () => void) => void }) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    // Focus moving elsewhere (Tab past the last item) closes it too; a focusin, not a blur, since
    // a click on an item does not focus it in every browser.
    const focusin = (e: FocusEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    document.addEventListener('focusin', focusin);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
      document.removeEventListener('focusin', focusin);
    };
  }, [open]);

  if (!session) return null;
  const { account } = session;
  const link = (view: View, label: string) => (
    <li>
      <a
        href={hashOf(view)}
        className={itemClass}
        onClick={(e) => {
          e.preventDefault();
          setOpen(false);
          go(view);
        }}
      >
        {label}
      </a>
    </li>
  );

  return (
    <div ref={box} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-left text-sm hover:bg-slate-50"
      >
        <span>
          <span className="block font-semibold text-slate-900" data-testid="account-name">
            {account.name}
          </span>
          <span className="block text-xs text-slate-600">{ROLE_LABELS[account.role]}</span>
        </span>
        <span className="sr-only">: account</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className={`h-4 w-4 text-slate-600 transition-transform ${open ? 'rotate-180' : ''}`}>
          <path d="M5 7l5 6 5-6z" fill="currentColor" />
        </svg>
      </button>
      <div id={id} hidden={!open} className="absolute right-0 z-10 mt-2 w-60 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
        <p className="truncate px-3 py-1 text-xs text-slate-600">{account.email}</p>
        <ul>
          {link({ name: 'two-step' }, 'Two-step sign-in')}
          {link({ name: 'password' }, 'Change password')}
          <li>
            <button
              type="button"
              className={itemClass}
              onClick={() => {
                setOpen(false);
                // Unsaved edits in an open editor are asked about first (leave-guard.tsx).
                guarded(session.signOut);
              }}
            >
              Sign out
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
