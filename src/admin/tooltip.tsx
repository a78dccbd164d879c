import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FocusEvent, type PointerEvent, type ReactNode, type RefCallback } from 'react';

/**
 * The admin's tooltips (issue 23 item 7), with the timings of the specification (section 4): open
 * after 700 ms of hover; within 300 ms of one closing, the next opens at once (the skip delay); 4 px
 * from the control. A keyboard focus opens one at once; Escape, leaving the control or the focus
 * leaving close it. The pointer may move onto it without it closing (WCAG 1.4.13).
 *
 * Our own, not a library: Radix Tooltip is not among the dependencies (the site island has Radix
 * Toast alone) and would bring Floating UI for the one placement the admin needs, below the
 * control or above it at the viewport's foot.
 *
 * Its text is always the control's accessible name or description: `label` for an icon-only
 * control, whose name is that text (the caller puts it in the control, hidden from sight);
 * `describe` for a shortened name, whose control is described by the tooltip (`aria-describedby`,
 * the element present while closed too).
 */
export const OPEN_DELAY = 700;
export const SKIP_DELAY = 300;
export const SIDE_OFFSET = 4;
/** How long the pointer has to cross the 4 px from the control onto the tooltip. */
const GRACE = 120;

/** When a tooltip last closed, for the skip delay; and how to close the one open (one at a time). */
let lastClosed = -Infinity;
let closeOpen: (() => void) | undefined;

export interface TriggerProps {
  ref: RefCallback<HTMLElement>;
  onPointerEnter: (e: PointerEvent) => void;
  onPointerLeave: (e: PointerEvent) => void;
  onPointerDown: () => void;
  onFocus: (e: FocusEvent) => void;
  onBlur: () => void;
  'aria-describedby'?: string;
}

export function Tooltip({ text, mode, children }: { text: string; mode: 'label' | 'describe'; children: (trigger: TriggerProps) => ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [pos, setPos] = useState<{ top: number; left: number } | undefined>(undefined);
  const trigger = useRef<HTMLElement | null>(null);
  const tip = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stop = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
  };

  const close = useCallback(() => {
    stop();
    if (closeOpen === close) {
      closeOpen = undefined;
      lastClosed = performance.now();
    }
    setOpen(false);
  }, []);
  const show = useCallback(() => {
    stop();
    if (closeOpen && closeOpen !== close) closeOpen();
    closeOpen = close;
    setOpen(true);
  }, [close]);

  useEffect(() => () => {
    stop();
    if (closeOpen === close) closeOpen = undefined;
  }, [close]);

  // Below the control, centred on it, kept inside the viewport; above it where there is no room below.
  const place = useCallback(() => {
    if (!trigger.current || !tip.current) return;
    const r = trigger.current.getBoundingClientRect();
    const t = tip.current.getBoundingClientRect();
    const below = r.bottom + SIDE_OFFSET;
    const top = below + t.height > innerHeight && r.top - SIDE_OFFSET - t.height >= 0 ? r.top - SIDE_OFFSET - t.height : below;
    const left = Math.min(Math.max(4, r.left + r.width / 2 - t.width / 2), Math.max(4, document.documentElement.clientWidth - t.width - 4));
    setPos({ top, left });
  }, []);

  // Placed as it shows and kept beside its control on a scroll or resize; Escape closes it, wherever
  // the focus is. Layout effects: in place and listening from the moment it shows.
  useLayoutEffect(() => {
    if (!open) return setPos(undefined);
    place();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    addEventListener('scroll', place, { capture: true, passive: true });
    addEventListener('resize', place);
    return () => {
      document.removeEventListener('keydown', onKey);
      removeEventListener('scroll', place, { capture: true });
      removeEventListener('resize', place);
    };
  }, [open, close, place]);

  const props: TriggerProps = {
    ref: (el) => {
      trigger.current = el;
    },
    onPointerEnter: (e) => {
      if (e.pointerType === 'touch') return;
      stop();
      if (open) return;
      // Another is open (closing as the pointer left it) or closed just now: this one opens at once.
      if ((closeOpen && closeOpen !== close) || performance.now() - lastClosed < SKIP_DELAY) show();
      else timer.current = setTimeout(show, OPEN_DELAY);
    },
    onPointerLeave: (e) => {
      if (e.pointerType === 'touch') return;
      stop();
      if (open) timer.current = setTimeout(close, GRACE);
    },
    // A click is an action, not a question: no tooltip over what it does.
    onPointerDown: close,
    onFocus: (e) => {
      if ((e.target as HTMLElement).matches(':focus-visible')) show();
    },
    onBlur: close,
    ...(mode === 'describe' ? { 'aria-describedby': id } : {}),
  };

  return (
    <>
      {children(props)}
      <span
        ref={tip}
        id={id}
        role="tooltip"
        hidden={!open}
        data-tooltip=""
        onPointerEnter={stop}
        onPointerLeave={close}
        style={{ top: pos?.top ?? 0, left: pos?.left ?? 0, visibility: pos ? 'visible' : 'hidden' }}
        className="fixed z-50 max-w-64 rounded-md bg-slate-900 px-2 py-1 text-left text-xs font-medium normal-case leading-snug tracking-normal text-white shadow-md"
      >
        {text}
      </span>
    </>
  );
}
