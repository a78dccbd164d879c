import { callRoute, readRoute } from '../api.js';
import type { RequestOf } from '../../contract/route.js';
import * as S from '../../contract/staff.js';
import type { Account, Role } from '../auth/account.js';

/** The owner's calls about people and scripts (docs/decisions/017-staff-accounts.md). */

/** A personal API token as GET /api/tokens lists it (never its secret): the contract's. */
export type ApiToken = S.PublicToken;

/** What Add a person sends. */
export type NewAccount = RequestOf<typeof S.addAccount>;

export type AccountChange = RequestOf<typeof S.changeAccount>;

// Reads throw on a failed answer (the view shows it); changes answer it as a value.
export const listAccounts = () => readRoute(S.listAccounts).then((r) => r.accounts);
export const addAccount = (body: NewAccount) => callRoute(S.addAccount, { body });
export const changeAccount = (id: string, change: AccountChange) => callRoute(S.changeAccount, { params: { id }, body: change });

export const listTokens = () => readRoute(S.listTokens).then((r) => r.tokens);
export const createToken = (body: RequestOf<typeof S.createToken>) => callRoute(S.createToken, { body });
export const revokeToken = (id: string) => callRoute(S.revokeToken, { params: { id } });

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
