import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Button } from './ui.js';

/**
 * A question asked before an action that cannot be undone, in a native modal <dialog>: the rest of
 * the page is inert while it is open, Escape closes it, focus starts on Cancel (the safe choice)
 * and returns to the control that opened it (or to `returnTo` when that control is gone, as after
 * a delete).
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy,
  error,
  onConfirm,
  onClose,
  returnTo,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** The safe choice's name (default Cancel). */
  cancelLabel?: string;
  busy?: boolean;
  /** Why the last confirm failed, shown inside the dialog. */
  error?: string;
  onConfirm: () => void;
  /** Called when the dialog closes without confirming (Cancel, Escape). */
  onClose: () => void;
  returnTo?: () => HTMLElement | null | undefined;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const id = useId();

  // A layout effect: the dialog opens and closes in the same commit as the state that says so. After
  // paint would leave a frame in which the closing dialog already shows the next state's title (an
  // empty city name) and the focus sits on <body>.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      // The close event comes a task later, and until then the focus is on <body> when the
      // opener is gone (a deleted city's card): move it now.
      restoreFocus();
    }
  }, [open]);

  const restoreFocus = () => {
    const back = opener.current?.isConnected ? opener.current : returnTo?.();
    back?.focus();
  };

  // Runs for Cancel, Escape and a close after confirming: focus goes back where it came from,
  // unless it is already somewhere on the page (the browser's own return, or the effect above).
  const closed = () => {
    const at = document.activeElement;
    if (!at || at === document.body || ref.current?.contains(at)) restoreFocus();
    if (open) onClose();
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={children ? `${id}-body` : undefined}
      onClose={closed}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-5 text-slate-800 shadow-xl backdrop:bg-slate-900/50 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children && (
        <div id={`${id}-body`} className="mt-2 text-sm text-slate-700">
          {children}
        </div>
      )}
      <div role="alert" className="text-sm font-semibold text-red-800">
        {error && <p className="mt-3 rounded-lg border border-red-300 bg-red-50 px-3 py-2">{error}</p>}
      </div>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button data-autofocus variant="secondary" onClick={() => ref.current?.close()}>
          {cancelLabel}
        </Button>
        <Button variant="danger-solid" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
