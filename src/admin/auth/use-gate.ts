import { useCallback, useEffect, useRef, useState } from 'react';
import { SIGNED_OUT_EVENT, type SignedOut } from '../api.js';
import { gateOf, isSignedIn, type Account, type Gate, type Stage } from './account.js';
import { endSession, getSession } from './auth-api.js';
import { useIdle } from './idle.js';
import { SESSION_ENDING_EVENT } from '../drafts.js';
import * as T from './texts.js';

/**
 * Written when a tab signs out ({reason, at}), so the admin's other tabs leave too (they share the
 * cookie); a Redeploy all result started before it is no longer shown (cities/use-redeploy.ts).
 */
export const SIGNED_OUT_KEY = 'clinic-gen.signed-out';

/** The sign-in page's notice for a reason to be signed out. */
export function signedOutNotice(reason: SignedOut['reason'] | 'user', idleMinutes: number): string {
  return reason === 'idle' ? T.signedOutIdle(idleMinutes) : reason === 'user' ? T.signedOutByYou : T.sessionEnded;
}

/**
 * The session gate's state: what GET /api/session said, then each step of signing in, and every
 * way out: Sign out, the idle timer, a 401 from any admin call (the SIGNED_OUT_EVENT), another
 * tab signing out. Leaving unmounts the admin, so nothing it held (a patient's message) stays in
 * the page or in React's state.
 */
export function useGate() {
  const [gate, setGate] = useState<Gate>({ step: 'loading' });
  const [idleMinutes, setIdleMinutes] = useState(15);
  const idle = useRef(idleMinutes);
  idle.current = idleMinutes;

  const load = useCallback(async () => {
    try {
      const info = await getSession();
      setIdleMinutes(info.idleMinutes);
      setGate((g) => {
        const next = gateOf(info);
        // Read again after an edit of one's own account: it may have ended the session (disabled),
        // and a recovery-code notice stays.
        if (isSignedIn(g) && next.step === 'sign-in') return { step: 'sign-in', notice: T.sessionEnded };
        return next.step === 'full' && g.step === 'full' ? { ...next, recoveryCodesLeft: g.recoveryCodesLeft } : next;
      });
    } catch (err) {
      console.error(err);
      setGate({ step: 'unreachable' });
    }
  }, []);

  useEffect(() => void load(), [load]);

  /** Leaves any signed-in page for the sign-in page, saying why; nothing when already out. */
  const leave = useCallback((reason: SignedOut['reason'] | 'user', broadcast: boolean) => {
    // While the admin is still mounted, an editor with unsaved edits keeps them (drafts.ts); not on
    // Sign out, which is the person's own choice to leave (the next person at this tab gets nothing).
    if (reason !== 'user') dispatchEvent(new Event(SESSION_ENDING_EVENT));
    setGate((g) => (isSignedIn(g) ? { step: 'sign-in', notice: signedOutNotice(reason, idle.current) } : g));
    if (broadcast) {
      try {
        localStorage.setItem(SIGNED_OUT_KEY, JSON.stringify({ reason, at: Date.now() }));
      } catch {
        // storage refused: the other tabs learn it from their next call's 401
      }
    }
  }, []);

  useEffect(() => {
    const onSignedOut = (e: Event) => leave((e as CustomEvent<SignedOut>).detail?.reason ?? 'ended', true);
    const onStorage = (e: StorageEvent) => {
      if (e.key !== SIGNED_OUT_KEY || !e.newValue) return;
      leave(/"reason":"idle"/.test(e.newValue) ? 'idle' : 'ended', false);
    };
    addEventListener(SIGNED_OUT_EVENT, onSignedOut);
    addEventListener('storage', onStorage);
    return () => {
      removeEventListener(SIGNED_OUT_EVENT, onSignedOut);
      removeEventListener('storage', onStorage);
    };
  }, [leave]);

  const signOut = useCallback(async () => {
    await endSession();
    leave('user', true);
  }, [leave]);

  const idleWarning = useIdle({
    active: isSignedIn(gate),
    idleMinutes,
    onIdle: () => {
      void endSession();
      leave('idle', true);
    },
    keepAlive: () => {
      getSession().then(
        (info) => {
          if (!info.signedIn) leave('ended', true);
        },
        (err: unknown) => console.error(err),
      );
    },
  });

  /** A sign-in step answered: the next page (a code, a second factor to set up, or the admin). */
  const advance = useCallback((stage: Stage, account: Account, recoveryCodesLeft?: number) => {
    const next = gateOf({ signedIn: true, stage, account, setup: false });
    setGate(next.step === 'full' && recoveryCodesLeft !== undefined ? { ...next, recoveryCodesLeft } : next);
  }, []);

  /** Back to the sign-in page without a notice (Cancel on the code page). */
  const restart = useCallback(async () => {
    await endSession();
    setGate({ step: 'sign-in' });
  }, []);

  return { gate, idleMinutes, load, advance, signOut, restart, idleWarning };
}
