import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { abilitiesOf, type Abilities, type Account } from './account.js';

/** The signed-in person, what their role may see, and the session's own actions, for the whole admin. */
export interface SessionValue {
  account: Account;
  abilities: Abilities;
  /** DELETE /api/session, then the sign-in page. */
  signOut: () => void;
  /** Reads GET /api/session again (after changing one's own account). */
  refresh: () => void;
}

const SessionContext = createContext<SessionValue | undefined>(undefined);

export function SessionProvider({ account, signOut, refresh, children }: Omit<SessionValue, 'abilities'> & { children: ReactNode }) {
  const value = useMemo(() => ({ account, abilities: abilitiesOf(account), signOut, refresh }), [account, signOut, refresh]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session; undefined outside a signed-in admin (a component test, a sign-in page). */
export const useSession = (): SessionValue | undefined => useContext(SessionContext);

/** The signed-in account, if any. */
export const useAccount = (): Account | undefined => useContext(SessionContext)?.account;

/** What the signed-in role may see; nothing outside a session. */
export const useAbilities = (): Abilities => abilitiesOf(useContext(SessionContext)?.account);
