import { useCallback, useEffect, useRef, useState } from 'react';
import type { ClinicConfigInput } from '../config/schema.js';
import { SAFE_SLUG } from '../config/slug.js';
import type { Abilities } from './auth/account.js';
import type { LeaveGuard } from './leave-guard.js';

/**
 * Which view the admin shows: the list of cities, a saved city, or a new (unsaved) city; for an
 * owner the staff and the audit trail; for anyone their own password and two-step sign-in. The
 * view is kept in the address (`#city/tampa`, `#new`, `#staff`) so Back returns to the list and a
 * reload reopens the city. A duplicate's copied values live only in memory: reloaded, `#new`
 * starts afresh. Messages (`#messages`) is for the roles that read messages.
 */
export type View =
  | { name: 'list' }
  | { name: 'city'; slug: string }
  | { name: 'new'; base?: ClinicConfigInput; from?: string; left?: string[] }
  /**
   * The inbox, on one city when the address names it (`#messages/tampa`), or on a saved filter
   * (`#messages?saved=mine`, "My open"; `?saved=today`, "New today"): never what was searched.
   */
  | { name: 'messages'; site?: string; saved?: SavedInboxFilter }
  | { name: PlainView };

/** The inbox's saved filters an address can name. */
export type SavedInboxFilter = 'mine' | 'today';

/** The views named by one word and holding nothing else. */
const PLAIN = ['deployments', 'staff', 'audit', 'password', 'two-step', 'brand', 'brand-site', 'special-hours'] as const;
type PlainView = (typeof PLAIN)[number];
const isPlain = (h: string): h is PlainView => (PLAIN as readonly string[]).includes(h);

/** The view an address names; anything unknown is the list. */
export function viewOf(hash: string): View {
  const h = hash.replace(/^#/, '');
  if (h === 'new') return { name: 'new' };
  if (isPlain(h)) return { name: h };
  if (h === 'messages') return { name: 'messages' };
  const saved = /^messages\?saved=(mine|today)$/.exec(h)?.[1] as SavedInboxFilter | undefined;
  if (saved) return { name: 'messages', saved };
  const inbox = /^messages\/(.+)$/.exec(h)?.[1];
  if (inbox !== undefined) return SAFE_SLUG.test(inbox) ? { name: 'messages', site: inbox } : { name: 'list' };
  const slug = /^city\/(.+)$/.exec(h)?.[1];
  return slug && SAFE_SLUG.test(slug) ? { name: 'city', slug } : { name: 'list' };
}

/** The address of a view. */
export function hashOf(view: View): string {
  if (view.name === 'city') return `#city/${view.slug}`;
  if (view.name === 'messages') return view.saved ? `#messages?saved=${view.saved}` : view.site ? `#messages/${view.site}` : '#messages';
  return view.name === 'list' ? '' : `#${view.name}`;
}

/**
 * The view a role may see for the one asked: Staff and Audit trail are the owner's, a new city
 * is for those who edit cities, Messages for those who read messages (of a city they work, when the
 * address names one); anything else asked for (an old link, a role changed) is the list.
 */
export function allowedView(view: View, can: Abilities): View {
  if ((view.name === 'staff' || view.name === 'audit') && !can.manageStaff) return { name: 'list' };
  if (view.name === 'messages') {
    if (!can.readMessages) return { name: 'list' };
    if (view.site !== undefined && can.messageCities !== null && !can.messageCities.includes(view.site)) return { name: 'messages' };
  }
  if ((view.name === 'new' || view.name === 'brand') && !can.editCities) return { name: 'list' };
  // Special hours for several cities (issue 39 item 9) saves cities: for those who edit them.
  if (view.name === 'special-hours' && !can.editCities) return { name: 'list' };
  return view;
}

/** A navigation (or an action that ends the editor) waiting for the operator's answer about unsaved edits. */
export type Leaving = ({ to: View } | { then: () => void }) & {
  city: string;
  /** Which question this is: an answer (Stay) to an earlier one never dismisses a later one. */
  id: number;
};

/** How a navigation happens: `keep` leaves the open editor mounted (a new city saved becomes its saved city). */
export interface Go {
  (view: View, options?: { keep?: boolean }): void;
}

/**
 * The current view, a counter that changes whenever a view must be drawn afresh (the editor's
 * key), and `go`. History entries follow the views, so the browser's Back button works. While the
 * open editor's guard (leave-guard.tsx) names a city with unsaved edits, a navigation (a link,
 * Back, Forward) waits in `leaving` until the operator answers: `leave` goes on, `stay` stays.
 * A `keep` navigation (a new city saved becomes its saved city) is never asked about.
 */
export function useView(): {
  view: View;
  session: number;
  go: Go;
  leaving: Leaving | undefined;
  leave: () => void;
  stay: (id: number) => void;
  setGuard: (guard: LeaveGuard | undefined) => void;
  /** Runs an action that ends the editor (Sign out) once the operator agreed to lose unsaved edits. */
  guarded: (action: () => void) => void;
} {
  const [state, setState] = useState(() => ({ view: viewOf(location.hash), session: 0 }));
  const [leaving, setLeaving] = useState<Leaving | undefined>(undefined);
  const guard = useRef<LeaveGuard | undefined>(undefined);
  const asked = useRef(0);
  const ask = useCallback((l: { to: View } | { then: () => void }, city: string) => setLeaving({ ...l, city, id: ++asked.current }), []);
  const shown = useRef(state.view);
  shown.current = state.view;

  const urlOf = (view: View) => `${location.pathname}${location.search}${hashOf(view)}`;

  const navigate = useCallback((view: View, options: { keep?: boolean } = {}) => {
    if (options.keep) history.replaceState(null, '', urlOf(view));
    else history.pushState(null, '', urlOf(view));
    setState((s) => ({ view, session: options.keep ? s.session : s.session + 1 }));
  }, []);

  useEffect(() => {
    const onPop = () => {
      const city = guard.current?.();
      if (city !== undefined) {
        // The address moved already: put the editor's back until the operator has answered.
        const to = viewOf(location.hash);
        history.pushState(null, '', urlOf(shown.current));
        ask({ to }, city);
        return;
      }
      setState((s) => ({ view: viewOf(location.hash), session: s.session + 1 }));
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, [ask]);

  const go = useCallback<Go>(
    (view, options = {}) => {
      const city = options.keep ? undefined : guard.current?.();
      if (city !== undefined) ask({ to: view }, city);
      else navigate(view, options);
    },
    [navigate, ask],
  );

  const leave = useCallback(() => {
    if (!leaving) return;
    // The editor goes: its edits are given up, and nothing asks again on the way out.
    guard.current = undefined;
    setLeaving(undefined);
    if ('then' in leaving) leaving.then();
    else navigate(leaving.to);
  }, [leaving, navigate]);
  const guarded = useCallback((action: () => void) => {
    const city = guard.current?.();
    if (city !== undefined) ask({ then: action }, city);
    else action();
  }, [ask]);
  const stay = useCallback((id: number) => setLeaving((l) => (l?.id === id ? undefined : l)), []);
  const setGuard = useCallback((g: LeaveGuard | undefined) => {
    guard.current = g;
  }, []);

  return { view: state.view, session: state.session, go, leaving, leave, stay, setGuard, guarded };
}
