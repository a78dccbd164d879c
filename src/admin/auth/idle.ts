import { useCallback, useEffect, useRef, useState } from 'react';
import { lastAdminAnswer } from '../api.js';

/**
 * Automatic logoff (decision 017: a session ends after 15 minutes idle). Idle means no input in
 * the page: no key, pointer, wheel or touch. The last input is shared with the admin's other tabs
 * through localStorage, so a tab left open does not sign out a person working in another one.
 * While the person works without the page calling the server (typing a long description), a
 * keep-alive asks GET /api/session at most once a minute, so the server's idle clock agrees with
 * the page's; its answer also tells a session ended elsewhere.
 */

export const ACTIVITY_KEY = 'clinic-gen.activity';
const INPUT_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;
/** How often the page looks at the clock; a hidden tab's timers may run less often, so visibility also checks. */
const CHECK_MS = 5_000;
/** Inputs closer together than this are one (the shared time is written at most this often). */
const WRITE_MS = 5_000;
export const KEEP_ALIVE_MS = 60_000;
/** The warning comes this long before the idle sign-out (issue 37 item 5). */
export const WARN_MS = 60_000;

/** Whether `idleMinutes` have passed since the last input (here or in another tab). */
export function isIdle(now: number, lastInput: number, idleMinutes: number): boolean {
  return now - lastInput >= idleMinutes * 60_000;
}

/** Whether the idle sign-out is less than WARN_MS away (and not yet due). */
export function warningDue(now: number, lastInput: number, idleMinutes: number): boolean {
  return !isIdle(now, lastInput, idleMinutes) && now - lastInput >= idleMinutes * 60_000 - WARN_MS;
}

/** Whether an input now should tell the server the person is still there: nothing reached it in the last minute. */
export function keepAliveDue(now: number, lastAnswer: number, lastPing: number): boolean {
  return now - Math.max(lastAnswer, lastPing) >= KEEP_ALIVE_MS;
}

const sharedInput = (): number => {
  try {
    return Number(localStorage.getItem(ACTIVITY_KEY)) || 0;
  } catch {
    return 0;
  }
};

const shareInput = (at: number) => {
  try {
    localStorage.setItem(ACTIVITY_KEY, String(at));
  } catch {
    // storage refused: this tab keeps its own time
  }
};

/**
 * Calls `onIdle` once when the page has been idle for `idleMinutes`, and `keepAlive` on input when
 * it is due. Does nothing while `active` is false (no one signed in). `warning` is true for the
 * last minute before (the page shows "You will be signed out in 60 seconds"); `stay` is the
 * person's "Stay signed in": it counts as input and tells the server at once.
 */
export function useIdle({ active, idleMinutes, onIdle, keepAlive }: { active: boolean; idleMinutes: number; onIdle: () => void; keepAlive: () => void }): { warning: boolean; stay: () => void } {
  const handlers = useRef({ onIdle, keepAlive });
  handlers.current = { onIdle, keepAlive };
  const [warning, setWarning] = useState(false);
  /** The running effect's own "an input now", for `stay`. */
  const touch = useRef<(() => void) | undefined>(undefined);

  useEffect(() => {
    if (!active) {
      setWarning(false);
      return;
    }
    let last = Date.now();
    let lastPing = Date.now();
    let lastWrite = last;
    let fired = false;
    shareInput(last);
    touch.current = () => {
      const now = Date.now();
      last = now;
      lastWrite = now;
      lastPing = now;
      shareInput(now);
      setWarning(false);
      handlers.current.keepAlive();
    };

    const input = () => {
      const now = Date.now();
      last = now;
      if (now - lastWrite >= WRITE_MS) {
        lastWrite = now;
        shareInput(now);
      }
      if (keepAliveDue(now, lastAdminAnswer(), lastPing)) {
        lastPing = now;
        handlers.current.keepAlive();
      }
    };
    const check = () => {
      if (fired) return;
      const now = Date.now();
      const lastInput = Math.max(last, sharedInput());
      setWarning(warningDue(now, lastInput, idleMinutes));
      if (!isIdle(now, lastInput, idleMinutes)) return;
      fired = true;
      setWarning(false);
      handlers.current.onIdle();
    };
    const visible = () => {
      if (document.visibilityState === 'visible') check();
    };

    for (const e of INPUT_EVENTS) addEventListener(e, input, { capture: true, passive: true });
    document.addEventListener('visibilitychange', visible);
    const timer = setInterval(check, CHECK_MS);
    return () => {
      for (const e of INPUT_EVENTS) removeEventListener(e, input, { capture: true });
      document.removeEventListener('visibilitychange', visible);
      clearInterval(timer);
      touch.current = undefined;
    };
  }, [active, idleMinutes]);

  const stay = useCallback(() => touch.current?.(), []);
  return { warning, stay };
}
