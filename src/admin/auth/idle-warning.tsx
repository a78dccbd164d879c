import { useId, useLayoutEffect, useRef } from 'react';
import { Button } from '../ui.js';
import * as T from './texts.js';

/**
 * The minute before the idle sign-out (issue 37 item 5): a modal dialog says so and offers
 * "Stay signed in", which keeps the session (auth/idle.ts `stay`: an input, and GET /api/session so
 * the server's idle clock agrees). Escape counts as staying: it is a key pressed here. The dialog
 * is modal, so a screen reader hears its title as it opens.
 */
export function IdleWarning({ open, onStay }: { open: boolean; onStay: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      data-testid="idle-warning"
      onClose={() => open && onStay()}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-5 text-slate-800 shadow-xl backdrop:bg-slate-900/50 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {T.idleWarningTitle}
      </h2>
      <p id={`${id}-body`} className="mt-2 text-sm text-slate-700">
        {T.idleWarningText}
      </p>
      <div className="mt-5 flex justify-end">
        <Button data-autofocus onClick={onStay}>
          {T.staySignedIn}
        </Button>
      </div>
    </dialog>
  );
}
