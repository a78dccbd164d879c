/**
 * Staff accounts, their sessions, recovery codes and API tokens (docs/decisions/017-staff-accounts.md),
 * behind one interface with a SQLite twin (sqlite-store.ts) and a PostgreSQL twin (pg-store.ts),
 * held to one contract (store.contract.test.ts). Secrets arrive here already hashed or sealed:
 * the store never sees a password, a token or a TOTP secret in clear.
 */

export const ROLES = ['owner', 'editor', 'frontdesk'] as const;
export type Role = (typeof ROLES)[number];

export interface Account {
  id: string;
  /** The sign-in name, lower-cased: an email, or `admin` for an owner made from ADMIN_PASSWORD alone. */
  email: string;
  name: string;
  role: Role;
  /** Front desk: the city slugs it works; null: every city. */
  cities: string[] | null;
  active: boolean;
  passwordHash: string;
  /** The TOTP secret, sealed by the data key; null until a second factor is confirmed. */
  totpSecret: string | null;
  /** A secret being enrolled, sealed, not yet confirmed by a code. */
  totpPending: string | null;
  /** The last TOTP step accepted: a code is used once. */
  totpLastStep: number | null;
  createdAt: string;
  lastSignInAt: string | null;
  /** The password was set by an owner (Staff, `clinic-gen users`): it is changed before anything else (NOTES.md decision 17). */
  passwordChange: boolean;
  /** An editor the owner asked to use two-step sign-in; owners and front desks always do. */
  twoStepRequired: boolean;
}

export type NewAccount = Pick<Account, 'email' | 'name' | 'role' | 'cities' | 'passwordHash'> & { id: string; createdAt: string; passwordChange?: boolean; twoStepRequired?: boolean };

export type AccountPatch = Partial<
  Pick<Account, 'email' | 'name' | 'role' | 'cities' | 'active' | 'passwordHash' | 'totpSecret' | 'totpPending' | 'lastSignInAt' | 'passwordChange' | 'twoStepRequired'>
>;

/** Whether an account must use two-step sign-in: every account that can read messages, and an editor the owner chose. */
export const needsTwoStep = (a: Pick<Account, 'role' | 'twoStepRequired'>): boolean => a.role !== 'editor' || a.twoStepRequired;

export type SessionStage = 'totp' | 'enrol' | 'full';

export interface Session {
  /** SHA-256 of the cookie's token. */
  tokenHash: string;
  accountId: string;
  stage: SessionStage;
  /** Milliseconds since the epoch. */
  createdAt: number;
  lastSeenAt: number;
  address: string;
}

export interface ApiToken {
  id: string;
  tokenHash: string;
  name: string;
  role: Role;
  /** The account that made it. */
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** A front-desk token: the cities whose messages it reads; null: every city (tokens made before issue 37, or All cities chosen). */
  cities: string[] | null;
}

/** Thrown by create/update when another account already signs in with that email. */
export class EmailTakenError extends Error {
  constructor() {
    super('another account signs in with this email');
    this.name = 'EmailTakenError';
  }
}

/** Thrown by update when the change would leave no active owner. */
export class LastOwnerError extends Error {
  constructor() {
    super('the last active owner cannot be disabled or given another role');
    this.name = 'LastOwnerError';
  }
}

export interface AccountStore {
  count(): Promise<number>;
  /**
   * Creates `a` as the first owner when the store has no account yet; undefined when one exists.
   * Exactly one first owner however many servers try at once.
   */
  createFirstOwner(a: NewAccount): Promise<Account | undefined>;
  create(a: NewAccount): Promise<Account>;
  byId(id: string): Promise<Account | undefined>;
  byEmail(email: string): Promise<Account | undefined>;
  list(): Promise<Account[]>;
  /** Changes an account; refuses (LastOwnerError) to leave no active owner, and ends its sessions when it is disabled or its password changes. */
  update(id: string, patch: AccountPatch): Promise<Account | undefined>;
  /** Takes TOTP step `step` for the account, unless it or a later one was used already. */
  claimTotpStep(accountId: string, step: number): Promise<boolean>;

  createSession(s: Session): Promise<void>;
  /** The session and its account, when both exist. */
  session(tokenHash: string): Promise<{ session: Session; account: Account } | undefined>;
  touchSession(tokenHash: string, at: number): Promise<void>;
  /** Replaces a session by one under a new token (a stage passed); false when the old one is gone. */
  replaceSession(oldHash: string, next: Session): Promise<boolean>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Ends every session of an account but `keep`. */
  deleteSessions(accountId: string, keep?: string): Promise<number>;
  /** Drops sessions last seen before `before` (ms): expired ones nobody signed out of. */
  pruneSessions(before: number): Promise<number>;

  /** Replaces an account's recovery codes (hashes). */
  setRecoveryCodes(accountId: string, hashes: string[]): Promise<void>;
  /** Uses one recovery code; false when it is unknown or used. */
  useRecoveryCode(accountId: string, hash: string, at: string): Promise<boolean>;
  recoveryCodesLeft(accountId: string): Promise<number>;

  createToken(t: ApiToken): Promise<void>;
  /** A token by its hash, with whether the account that made it is still active, and its role now. */
  tokenByHash(hash: string): Promise<{ token: ApiToken; creatorActive: boolean; creatorRole: Role } | undefined>;
  listTokens(): Promise<ApiToken[]>;
  revokeToken(id: string, at: string): Promise<ApiToken | undefined>;
  touchToken(id: string, at: string): Promise<void>;

  /** Keeps a password reset link's token (its hash) for an account; drops the links that expired by `r.createdAt`. */
  createPasswordReset(r: PasswordReset): Promise<void>;
  /** The reset a token's hash names, while it is unused and `now` (ms) is before its expiry. */
  passwordReset(tokenHash: string, now: number): Promise<PasswordReset | undefined>;
  /**
   * Uses a reset link once: when it is unused and not expired at `now`, removes it and every other
   * link of its account, and answers the account's id. Two uses at once: one gets the id.
   */
  usePasswordReset(tokenHash: string, now: number): Promise<string | undefined>;
}

/** A password reset link waiting to be used (auth/reset-routes.ts): the store keeps its token's SHA-256, never the token. */
export interface PasswordReset {
  tokenHash: string;
  accountId: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  expiresAt: number;
}

export interface PasswordResetRow {
  token_hash: string;
  account_id: string;
  created_at: number | string;
  expires_at: number | string;
}

export const passwordResetOf = (r: PasswordResetRow): PasswordReset => ({ tokenHash: r.token_hash, accountId: r.account_id, createdAt: Number(r.created_at), expiresAt: Number(r.expires_at) });

/** Row shapes both twins read (the same column names in both schemas). */
export interface AccountRow {
  id: string;
  email: string;
  name: string;
  role: string;
  cities: string | null;
  active: number | boolean;
  password_hash: string;
  totp_secret: string | null;
  totp_pending: string | null;
  totp_last_step: number | null;
  created_at: string;
  last_sign_in_at: string | null;
  password_change: number | boolean;
  two_step_required: number | boolean;
}

export function accountOf(r: AccountRow): Account {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role as Role,
    cities: r.cities === null ? null : (JSON.parse(r.cities) as string[]),
    active: r.active === true || r.active === 1,
    passwordHash: r.password_hash,
    totpSecret: r.totp_secret,
    totpPending: r.totp_pending,
    totpLastStep: r.totp_last_step === null ? null : Number(r.totp_last_step),
    createdAt: r.created_at,
    lastSignInAt: r.last_sign_in_at,
    passwordChange: r.password_change === true || r.password_change === 1,
    twoStepRequired: r.two_step_required === true || r.two_step_required === 1,
  };
}

export interface SessionRow {
  token_hash: string;
  account_id: string;
  stage: string;
  created_at: number;
  last_seen_at: number;
  address: string;
}

export function sessionOf(r: SessionRow): Session {
  return { tokenHash: r.token_hash, accountId: r.account_id, stage: r.stage as SessionStage, createdAt: Number(r.created_at), lastSeenAt: Number(r.last_seen_at), address: r.address };
}

export interface TokenRow {
  id: string;
  token_hash: string;
  name: string;
  role: string;
  created_by: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  cities: string | null;
}

export function tokenOf(r: TokenRow): ApiToken {
  return {
    id: r.id,
    tokenHash: r.token_hash,
    name: r.name,
    role: r.role as Role,
    createdBy: r.created_by,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    revokedAt: r.revoked_at,
    cities: r.cities === null ? null : (JSON.parse(r.cities) as string[]),
  };
}

/** The columns an AccountPatch writes, in the order both twins bind them. */
export function patchColumns(patch: AccountPatch): [string, unknown][] {
  const cols: [string, unknown][] = [];
  if (patch.email !== undefined) cols.push(['email', patch.email]);
  if (patch.name !== undefined) cols.push(['name', patch.name]);
  if (patch.role !== undefined) cols.push(['role', patch.role]);
  if (patch.cities !== undefined) cols.push(['cities', patch.cities === null ? null : JSON.stringify(patch.cities)]);
  if (patch.active !== undefined) cols.push(['active', patch.active]);
  if (patch.passwordHash !== undefined) cols.push(['password_hash', patch.passwordHash]);
  if (patch.totpSecret !== undefined) cols.push(['totp_secret', patch.totpSecret]);
  if (patch.totpPending !== undefined) cols.push(['totp_pending', patch.totpPending]);
  if (patch.lastSignInAt !== undefined) cols.push(['last_sign_in_at', patch.lastSignInAt]);
  if (patch.passwordChange !== undefined) cols.push(['password_change', patch.passwordChange]);
  if (patch.twoStepRequired !== undefined) cols.push(['two_step_required', patch.twoStepRequired]);
  // A new TOTP secret starts its own count of used steps.
  if (patch.totpSecret !== undefined) cols.push(['totp_last_step', null]);
  return cols;
}

/** Whether a patch ends the account's sessions: disabled, or another password. */
export function endsSessions(patch: AccountPatch): boolean {
  return patch.active === false || patch.passwordHash !== undefined;
}

/** Whether a patch could take away the last active owner. */
export function mayRemoveOwner(before: Account, patch: AccountPatch): boolean {
  if (before.role !== 'owner' || !before.active) return false;
  return patch.active === false || (patch.role !== undefined && patch.role !== 'owner');
}
