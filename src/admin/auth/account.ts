/**
 * Staff accounts as the admin sees them (docs/decisions/017-staff-accounts.md): who is signed in,
 * at which stage, and what their role lets the admin show. The server checks every call; these
 * rules only decide which controls are drawn, so nobody meets a button that answers 403.
 */

export type { Role } from '../../contract/staff.js';
import type { ResponseOf } from '../../contract/route.js';
import type { sessionGet } from '../../contract/session.js';
import type { PublicAccount, Role } from '../../contract/staff.js';

export const ROLES: Role[] = ['owner', 'editor', 'frontdesk'];

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', editor: 'Editor', frontdesk: 'Front desk' };

/** An account as the server shows it: the contract's (src/contract/staff.ts), written once. */
export type Account = PublicAccount;

/** How far a sign-in has gone: a code is due (`totp`), a second factor must be set up (`enrol`), or done. */
export type { Stage } from '../../contract/session.js';

/** GET /api/session as the admin holds it (src/contract/session.ts). */
export type SessionInfo = Omit<ResponseOf<typeof sessionGet>, 'success'>;

/** What the admin shows a role. */
export interface Abilities {
  /** Save, generate, deploy, upload, New city, Duplicate, Import, Redeploy all, delete, rollback. */
  editCities: boolean;
  /** The messages themselves (names, addresses, texts) and the Messages view; without it, counts only. */
  readMessages: boolean;
  /** The CSV export of messages. */
  exportMessages: boolean;
  /**
   * The owner's own: Staff, API tokens and the audit trail, and the last word on messages (deleting
   * one, how long they are kept: the server's `owner` permission).
   */
  manageStaff: boolean;
  /** The cities whose messages are asked for; null: every city. */
  messageCities: string[] | null;
}

/** Nothing at all: what a component sees outside a signed-in session. */
export const NO_ABILITIES: Abilities = { editCities: false, readMessages: false, exportMessages: false, manageStaff: false, messageCities: [] };

/**
 * The role table of decision 017, for drawing: the owner everything; the editor the cities and
 * their sites, message counts but never a message; the front desk reads the cities and the
 * messages of its cities (all when it has none listed), and changes nothing.
 */
export function abilitiesOf(account: Pick<Account, 'role' | 'cities'> | undefined): Abilities {
  switch (account?.role) {
    case 'owner':
      return { editCities: true, readMessages: true, exportMessages: true, manageStaff: true, messageCities: null };
    case 'editor':
      return { editCities: true, readMessages: false, exportMessages: false, manageStaff: false, messageCities: null };
    case 'frontdesk':
      return { editCities: false, readMessages: true, exportMessages: false, manageStaff: false, messageCities: account.cities ?? null };
    default:
      return NO_ABILITIES;
  }
}

/** Which page the session gate shows. */
export type Gate =
  | { step: 'loading' }
  /** GET /api/session failed: the server is down or unreachable. */
  | { step: 'unreachable' }
  | { step: 'setup' }
  | { step: 'sign-in'; notice?: string }
  | { step: 'totp'; account: Account }
  | { step: 'enrol'; account: Account }
  | { step: 'full'; account: Account; recoveryCodesLeft?: number };

/** The page a session answer leads to; a signed-in answer without an account or stage is treated as signed out. */
export function gateOf(info: Pick<SessionInfo, 'signedIn' | 'stage' | 'account' | 'setup'>, notice?: string): Gate {
  if (info.signedIn && info.account) {
    if (info.stage === 'full') return { step: 'full', account: info.account };
    if (info.stage === 'totp') return { step: 'totp', account: info.account };
    if (info.stage === 'enrol') return { step: 'enrol', account: info.account };
  }
  if (info.setup) return { step: 'setup' };
  return notice ? { step: 'sign-in', notice } : { step: 'sign-in' };
}

/** Whether a page shows a session (one a sign-out must end). */
export const isSignedIn = (g: Gate): g is Extract<Gate, { account: Account }> => g.step === 'totp' || g.step === 'enrol' || g.step === 'full';

/** The shortest password the server takes (decision 017). */
export const MIN_PASSWORD = 12;

/** A new password and its repetition, checked before sending: field -> text. The server checks the rest (common passwords). */
export function passwordProblems(password: string, confirm: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (password.length < MIN_PASSWORD) out.password = `Use at least ${MIN_PASSWORD} characters.`;
  // Said at once with the length: fixing one field should not uncover another's problem.
  if (confirm !== password) out.confirm = 'The two passwords differ.';
  return out;
}

/**
 * A server's text followed by another sentence (`You can try again at 4:10 AM.`): the server's
 * texts carry no full stop of their own ("...; try again in a minute"), so one ends the first.
 */
export function thenSentence(said: string, next: string): string {
  if (!next) return said;
  return `${/[.!?]$/.test(said) ? said : `${said}.`}${next}`;
}
