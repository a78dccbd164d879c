import { call, getJson } from '../api.js';
import type { Account, Role } from '../auth/account.js';

/** The owner's calls about people and scripts (docs/decisions/017-staff-accounts.md). */

/** A personal API token as GET /api/tokens lists it (never its secret). */
export interface ApiToken {
  id: string;
  name: string;
  role: Role;
  /** Who made it: an account's id. */
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** What Add a person sends. */
export interface NewAccount {
  email: string;
  name: string;
  role: Role;
  cities: string[] | null;
  password: string;
}

export type AccountChange = Partial<Pick<Account, 'name' | 'email' | 'role' | 'cities' | 'active'>> & { password?: string };

const accountPath = (id: string) => `/api/accounts/${encodeURIComponent(id)}`;

export const listAccounts = () => getJson<{ accounts: Account[] }>('/api/accounts').then((r) => r.accounts);
export const addAccount = (body: NewAccount) => call<{ account: Account }>('POST', '/api/accounts', body);
export const changeAccount = (id: string, change: AccountChange) => call<{ account: Account }>('PATCH', accountPath(id), change);

export const listTokens = () => getJson<{ tokens: ApiToken[] }>('/api/tokens').then((r) => r.tokens);
export const createToken = (body: { name: string; role: Role }) => call<{ token: ApiToken; secret: string }>('POST', '/api/tokens', body);
export const revokeToken = (id: string) => call<object>('DELETE', `/api/tokens/${encodeURIComponent(id)}`);

/**
 * The `cities` an account is saved with: the ticked ones for a front desk that works some cities,
 * null (all) for one that works all of them and for every other role, whose cities do not matter.
 */
export function citiesOf(role: Role, all: boolean, ticked: string[]): string[] | null {
  return role === 'frontdesk' && !all ? ticked : null;
}

/** What the table says of an account's cities, with the cities' names where known. */
export function citiesLabel(account: Pick<Account, 'role' | 'cities'>, names: Map<string, string>): string {
  if (account.role !== 'frontdesk') return 'All cities';
  if (account.cities === null) return 'All cities';
  if (account.cities.length === 0) return 'None';
  return account.cities.map((slug) => names.get(slug) ?? slug).join(', ');
}
