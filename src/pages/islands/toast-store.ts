/**
 * Notices of spec sections 4 and 9: at most one visible, a new one replaces the older, a dismissed
 * notice is removed from state 1,000,000 ms later (its closing animation has long finished by then).
 */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;

export interface Toast {
  id: number;
  title: string;
  description: string;
  variant: 'default' | 'destructive';
  /** false: screen readers are not told the title, because something else on the page says it. */
  announceTitle?: boolean;
  open: boolean;
}

type Listener = (toasts: Toast[]) => void;

/** A tiny store: add, update, dismiss, remove. */
export function createToastStore() {
  let toasts: Toast[] = [];
  let next = 1;
  const listeners = new Set<Listener>();
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const emit = () => listeners.forEach((l) => l(toasts));

  const remove = (id: number) => {
    timers.delete(id);
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  };
  const dismiss = (id: number) => {
    toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
    if (!timers.has(id)) timers.set(id, setTimeout(() => remove(id), TOAST_REMOVE_DELAY));
    emit();
  };
  const add = (t: Omit<Toast, 'id' | 'open'>) => {
    const id = next++;
    toasts = [{ ...t, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
    emit();
    return id;
  };
  const update = (id: number, patch: Partial<Omit<Toast, 'id'>>) => {
    toasts = toasts.map((t) => (t.id === id ? { ...t, ...patch } : t));
    emit();
  };
  return {
    add,
    update,
    dismiss,
    remove,
    get: () => toasts,
    subscribe(l: Listener) {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;
