import { randomUUID } from 'node:crypto';
import { EMAIL_ADDRESS } from '../../config/email-address.js';
import { SAFE_SLUG } from '../../config/slug.js';
import { hashPassword, passwordProblem } from '../auth/passwords.js';
import { createAuditTrail, type AuditTrail } from '../audit/index.js';
import { ROLES, type Account, type AccountStore, type Role } from '../auth/index.js';
import { resolveServerConfig } from '../settings/config.js';
import { loadDataKey, type KeyRing } from '../crypto/data-key.js';
import { serverSecrets } from '../crypto/server-keys.js';
import { PRESENCE, presenceLabel } from '../crypto/key-ring.js';
import { rewrapAll } from '../crypto/rewrap.js';
import { silentLogger } from '../log/logger.js';
import { openServerStore } from '../store/open-server-store.js';
import type { ServerStore } from '../store/server-store.js';
import { ServerStartError } from '../lifecycle/start-error.js';

/**
 * What `clinic-gen users` and `clinic-gen audit` do on a server's store from a shell
 * (docs/decisions/017-staff-accounts.md): the same store and data key `serve` would open with the
 * same --data and environment, and every change recorded in the audit trail as made from the shell.
 */
export interface TaskStore {
  store: ServerStore;
  keys: KeyRing;
  audit: AuditTrail;
  auditKey: Buffer;
  close(): Promise<void>;
}

/** A problem the person at the shell can fix: printed as the error, exit 1. */
export class TaskError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TaskError';
  }
}

export async function openTaskStore(o: { dataDir?: string; env: Record<string, string | undefined> }): Promise<TaskStore> {
  const resolved = resolveServerConfig({ flags: { dataDir: o.dataDir }, env: o.env });
  if (!resolved.ok) throw new ServerStartError(resolved.errors);
  const config = resolved.config;
  let keys: KeyRing;
  try {
    const loaded = loadDataKey({ env: config.keyEnv, mayCreate: config.database === undefined });
    keys = { current: loaded.key, previous: loaded.previous };
  } catch (err) {
    throw new ServerStartError([(err as Error).message]);
  }
  const store = await openServerStore({ server: config, logger: silentLogger, keys, waitForLock: true });
  try {
    const { auditKey } = await serverSecrets(store.meta, keys);
    return { store, keys, auditKey, audit: createAuditTrail(store.audit, auditKey, () => new Date()), close: () => store.close() };
  } catch (err) {
    await store.close();
    throw err;
  }
}

/** Who the trail names for a change made from the shell. */
const SHELL = { actorId: 'shell', actorLabel: 'clinic-gen users (shell)', address: 'shell', city: '' } as const;


/**
 * Adds an account from the shell. A front desk's cities are given (`cities`: slugs, or null for
 * every city said on purpose), never assumed; the password is a first one, changed at the first
 * sign-in (NOTES.md decision 17).
 */
export async function addUser(t: TaskStore, o: { email: string; name: string; role: string; cities?: string[] | null; password: string }): Promise<Account> {
  const email = o.email.trim().toLowerCase();
  if (!EMAIL_ADDRESS.test(email)) throw new TaskError(`--email: expected an email address like name@example.com, got "${o.email}"`);
  if (!(ROLES as readonly string[]).includes(o.role)) throw new TaskError(`--role: expected owner, editor or frontdesk, got "${o.role}"`);
  if (!o.name.trim()) throw new TaskError('--name: give the person’s name');
  if (o.role === 'frontdesk' && (o.cities === undefined || o.cities?.length === 0))
    throw new TaskError('--cities: a front desk reads the messages of the cities it is given; name them (--cities tampa,orlando), or give --cities all for every city');
  const badSlug = o.cities?.find((s) => !SAFE_SLUG.test(s));
  if (badSlug !== undefined) throw new TaskError(`--cities: "${badSlug}" is not a city slug (like tampa or wesley-chapel)`);
  if (await t.store.accounts.byEmail(email)) throw new TaskError(`--email: ${email} already has an account (clinic-gen users list)`);
  const problem = passwordProblem(o.password, { email, name: o.name });
  if (problem) throw new TaskError(`password: ${problem}`);
  const role = o.role as Role;
  const account = await t.store.accounts.create({
    id: randomUUID(),
    email,
    name: o.name.trim(),
    role,
    cities: role === 'frontdesk' ? (o.cities ?? null) : null,
    passwordHash: await hashPassword(o.password),
    createdAt: new Date().toISOString(),
    passwordChange: true,
  });
  await t.audit.record({ ...SHELL, action: 'account.create', object: `account=${account.id} role=${role}`, outcome: 201 });
  return account;
}

export async function listUsers(t: TaskStore): Promise<Account[]> {
  return t.store.accounts.list();
}

async function find(accounts: AccountStore, email: string): Promise<Account> {
  const a = await accounts.byEmail(email.trim().toLowerCase());
  if (!a) throw new TaskError(`no account signs in as ${email} (clinic-gen users list shows them)`);
  return a;
}

export async function disableUser(t: TaskStore, email: string): Promise<Account> {
  const a = await find(t.store.accounts, email);
  try {
    const after = (await t.store.accounts.update(a.id, { active: false }))!;
    await t.audit.record({ ...SHELL, action: 'account.update', object: `account=${a.id} active`, outcome: 200 });
    return after;
  } catch (err) {
    if ((err as Error).name === 'LastOwnerError') throw new TaskError(`${a.email} is the last active owner: make another owner first (clinic-gen users add --role owner)`);
    throw err;
  }
}

/** A new password (every session of the account ends), and with `resetTwoStep` its second factor removed, to be set up again at the next sign-in. */
export async function resetPassword(t: TaskStore, email: string, password: string, resetTwoStep: boolean): Promise<Account> {
  const a = await find(t.store.accounts, email);
  const problem = passwordProblem(password, { email: a.email, name: a.name });
  if (problem) throw new TaskError(`password: ${problem}`);
  const after = (await t.store.accounts.update(a.id, {
    passwordHash: await hashPassword(password),
    // A password given from the shell is a first one: changed at the next sign-in.
    passwordChange: true,
    active: true,
    ...(resetTwoStep ? { totpSecret: null, totpPending: null } : {}),
  }))!;
  if (resetTwoStep) await t.store.accounts.setRecoveryCodes(a.id, []);
  await t.audit.record({ ...SHELL, action: 'account.update', object: `account=${a.id} password${resetTwoStep ? ',two-step' : ''}`, outcome: 200 });
  return after;
}

/**
 * `clinic-gen keys rotate`: the store's current key becomes DATA_KEY, then every value sealed by
 * the previous one (DATA_KEY_PREVIOUS) is re-wrapped under it; afterwards servers need only
 * DATA_KEY. Refused while a server runs on the store without the new key (it could not seal
 * another message), unless the operator says the servers have it (`serversHaveNewKey`: given in
 * their key files, which they read again when the store's key changes).
 */
export async function rotateKeys(t: TaskStore, o: { serversHaveNewKey?: boolean; now?: Date } = {}, onBatch?: (done: number) => void): Promise<{ rewrapped: number; keyId: string; previous?: string }> {
  if (!t.keys.previous) throw new TaskError('DATA_KEY_PREVIOUS: missing; give the new key as DATA_KEY and the one the store was written with as DATA_KEY_PREVIOUS');
  const now = o.now ?? new Date();
  const without = (await t.store.sealedValues.present(new Date(now.getTime() - PRESENCE.goneAfterMs))).filter((p) => !p.keys.includes(t.keys.current.id));
  if (without.length && !o.serversHaveNewKey) {
    throw new TaskError(
      `a server is running on this store without the new key ${t.keys.current.id}: ${without.map(presenceLabel).join('; ')}. ` +
        'After the rotation it could not store a message (each would be refused with 503). Restart it with DATA_KEY=<new> and DATA_KEY_PREVIOUS=<old> first, ' +
        'or, if its key file (DATA_KEY_FILE) already holds the new key, run again with --servers-have-new-key. ' +
        `A server that stopped without saying so drops out of this list ${PRESENCE.goneAfterMs / 1000} s after its last word.`,
    );
  }
  const rewrapped = await rewrapAll(t.store.sealedValues, t.keys, onBatch);
  await t.audit.record({ ...SHELL, actorLabel: 'clinic-gen keys rotate (shell)', action: 'keys.rotate', object: `key=${t.keys.current.id} from=${t.keys.previous.id} values=${rewrapped}`, outcome: 200 });
  return { rewrapped, keyId: t.keys.current.id, previous: t.keys.previous.id };
}
