import { useCallback, useEffect, useState } from 'react';
import type { ClinicConfigInput } from '../config/schema.js';
import { SAFE_SLUG } from '../config/slug.js';
import type { Abilities } from './auth/account.js';

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
  | { name: 'new'; base?: ClinicConfigInput; from?: string }
  /** The inbox, on one city when the address names it (`#messages/tampa`): a slug, never what was searched. */
  | { name: 'messages'; site?: string }
  | { name: PlainView };

/** The views named by one word and holding nothing else. */
const PLAIN = ['staff', 'audit', 'password', 'two-step'] as const;
type PlainView = (typeof PLAIN)[number];
const isPlain = (h: string): h is PlainView => (PLAIN as readonly string[]).includes(h);

/** The view an address names; anything unknown is the list. */
export function viewOf(hash: string): View {
  const h = hash.replace(/^#/, '');
  if (h === 'new') return { name: 'new' };
  if (isPlain(h)) return { name: h };
  if (h === 'messages') return { name: 'messages' };
  const inbox = /^messages\/(.+)$/.exec(h)?.[1];
  if (inbox !== undefined) return SAFE_SLUG.test(inbox) ? { name: 'messages', site: inbox } : { name: 'list' };
  const slug = /^city\/(.+)$/.exec(h)?.[1];
  return slug && SAFE_SLUG.test(slug) ? { name: 'city', slug } : { name: 'list' };
}

/** The address of a view. */
export function hashOf(view: View): string {
  if (view.name === 'city') return `#city/${view.slug}`;
  if (view.name === 'messages') return view.site ? `#messages/${view.site}` : '#messages';
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
  if (view.name === 'new' && !can.editCities) return { name: 'list' };
  return view;
}

/** How a navigation happens: `keep` leaves the open editor mounted (a new city saved becomes its saved city). */
export interface Go {
  (view: View, options?: { keep?: boolean }): void;
}

/**
 * The current view, a counter that changes whenever a view must be drawn afresh (the editor's
 * key), and `go`. History entries follow the views, so the browser's Back button works.
 */
export function useView(): { view: View; session: number; go: Go } {
  const [state, setState] = useState(() => ({ view: viewOf(location.hash), session: 0 }));

  useEffect(() => {
    const onPop = () => setState((s) => ({ view: viewOf(location.hash), session: s.session + 1 }));
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  const go = useCallback<Go>((view, options = {}) => {
    const url = `${location.pathname}${location.search}${hashOf(view)}`;
    if (options.keep) history.replaceState(null, '', url);
    else history.pushState(null, '', url);
    setState((s) => ({ view, session: options.keep ? s.session : s.session + 1 }));
  }, []);

  return { view: state.view, session: state.session, go };
}
