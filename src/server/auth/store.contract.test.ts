import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../../../test/helpers/pg.js';
import { createSqliteAuditStore } from '../audit/sqlite-store.js';
import { createPgAuditStore } from '../audit/pg-store.js';
import { recordMac, verifyChain, type AuditEntry, type AuditStore } from '../audit/store.js';
import { migrate } from '../sqlite/migrations.js';
import { createPgAccountStore } from './pg-store.js';
import { createSqliteAccountStore } from './sqlite-store.js';
import { EmailTakenError, LastOwnerError, type AccountStore, type NewAccount, type Session } from './store.js';

/**
 * One contract for accounts, sessions, recovery codes, API tokens and the audit trail: the data
 * folder's SQLite file, or PostgreSQL (docs/decisions/017-staff-accounts.md).
 */
let pg: Awaited<ReturnType<typeof migratedDatabase>>;
const dir = mkdtempSync(join(tmpdir(), 'clinic-accounts-'));
beforeAll(async () => {
  pg = await migratedDatabase(8);
});
afterAll(async () => {
  await pg?.drop();
  rmSync(dir, { recursive: true, force: true });
});

let n = 0;
interface Stores {
  accounts: AccountStore;
  audit: AuditStore;
  /** Runs SQL against the store's database as someone with write access alone would. */
  exec(sql: string): Promise<void>;
}
const implementations: [string, () => Stores][] = [
  [
    'SQLite',
    () => {
      const file = join(dir, `a${++n}.db`);
      const db = new Database(file);
      db.pragma('foreign_keys = ON');
      migrate(db, file);
      return { accounts: createSqliteAccountStore(db), audit: createSqliteAuditStore(db), exec: async (sql) => void db.exec(sql) };
    },
  ],
  ['PostgreSQL', () => ({ accounts: createPgAccountStore(pg.pool), audit: createPgAuditStore(pg.pool), exec: async (sql) => void (await pg.pool.query(sql)) })],
];

const account = (over: Partial<NewAccount> = {}): NewAccount => ({
  id: `id-${++n}`,
  email: `person${n}@example.com`,
  name: `Person ${n}`,
  role: 'editor',
  cities: null,
  passwordHash: 'scrypt$17$8$1$salt$hash',
  createdAt: '2026-11-26T10:00:00.000Z',
  ...over,
});
const session = (accountId: string, over: Partial<Session> = {}): Session => ({
  tokenHash: `hash-${++n}`,
  accountId,
  stage: 'full',
  createdAt: 1_000,
  lastSeenAt: 1_000,
  address: '127.0.0.1',
  ...over,
});

describe.each(implementations)('accounts (%s)', (name, make) => {
  let s: Stores;
  beforeEach(async () => {
    if (name === 'PostgreSQL') await pg.pool.query('DROP TRIGGER IF EXISTS audit_no_change ON audit_log; TRUNCATE accounts, sessions, recovery_codes, api_tokens, audit_log, store_meta CASCADE; CREATE TRIGGER audit_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_append_only()');
    s = make();
  });

  it('creates one first owner however many try at once, and none once an account exists', async () => {
    const tries = await Promise.all(Array.from({ length: 6 }, (_, i) => s.accounts.createFirstOwner(account({ email: `first${i}@example.com` }))));
    const made = tries.filter(Boolean);
    expect(made).toHaveLength(1);
    expect(made[0]!.role).toBe('owner');
    expect(await s.accounts.count()).toBe(1);
    expect(await s.accounts.createFirstOwner(account())).toBeUndefined();
  });

  it('keeps email unique, finds by email whatever its case, and lists every account', async () => {
    const a = await s.accounts.create(account({ email: 'desk@example.com', role: 'frontdesk', cities: ['tampa', 'orlando'] }));
    expect(a).toMatchObject({ email: 'desk@example.com', role: 'frontdesk', cities: ['tampa', 'orlando'], active: true, totpSecret: null });
    await expect(s.accounts.create(account({ email: 'desk@example.com' }))).rejects.toBeInstanceOf(EmailTakenError);
    expect((await s.accounts.byEmail('DESK@example.com'))?.id).toBe(a.id);
    expect((await s.accounts.list()).map((x) => x.email)).toContain('desk@example.com');
  });

  it('never leaves the store without an active owner', async () => {
    const owner = await s.accounts.create(account({ role: 'owner' }));
    await expect(s.accounts.update(owner.id, { active: false })).rejects.toBeInstanceOf(LastOwnerError);
    await expect(s.accounts.update(owner.id, { role: 'editor' })).rejects.toBeInstanceOf(LastOwnerError);
    const second = await s.accounts.create(account({ role: 'owner' }));
    expect((await s.accounts.update(owner.id, { active: false }))?.active).toBe(false);
    await expect(s.accounts.update(second.id, { role: 'frontdesk' })).rejects.toBeInstanceOf(LastOwnerError);
  });

  it('ends every session of an account when it is disabled or its password changes, and only then', async () => {
    const a = await s.accounts.create(account());
    const one = session(a.id);
    const two = session(a.id);
    await s.accounts.createSession(one);
    await s.accounts.createSession(two);
    await s.accounts.update(a.id, { name: 'Renamed' });
    expect(await s.accounts.session(one.tokenHash)).toBeDefined();
    await s.accounts.update(a.id, { passwordHash: 'scrypt$17$8$1$other$hash' });
    expect(await s.accounts.session(one.tokenHash)).toBeUndefined();
    expect(await s.accounts.session(two.tokenHash)).toBeUndefined();
    const three = session(a.id);
    await s.accounts.createSession(three);
    await s.accounts.update(a.id, { active: false });
    expect(await s.accounts.session(three.tokenHash)).toBeUndefined();
  });

  it('reads a session with its account, moves it to a new token, touches and prunes it', async () => {
    const a = await s.accounts.create(account());
    const first = session(a.id, { stage: 'totp' });
    await s.accounts.createSession(first);
    expect((await s.accounts.session(first.tokenHash))?.account.email).toBe(a.email);
    const next = { ...first, tokenHash: `next-${n}`, stage: 'full' as const };
    expect(await s.accounts.replaceSession(first.tokenHash, next)).toBe(true);
    expect(await s.accounts.replaceSession(first.tokenHash, next)).toBe(false);
    expect(await s.accounts.session(first.tokenHash)).toBeUndefined();
    await s.accounts.touchSession(next.tokenHash, 5_000);
    expect((await s.accounts.session(next.tokenHash))?.session).toMatchObject({ stage: 'full', lastSeenAt: 5_000 });
    expect(await s.accounts.pruneSessions(5_001)).toBe(1);
    expect(await s.accounts.session(next.tokenHash)).toBeUndefined();
  });

  it('takes a TOTP step once, and never one before it', async () => {
    const a = await s.accounts.create(account());
    expect(await s.accounts.claimTotpStep(a.id, 100)).toBe(true);
    expect(await s.accounts.claimTotpStep(a.id, 100)).toBe(false);
    expect(await s.accounts.claimTotpStep(a.id, 99)).toBe(false);
    expect(await s.accounts.claimTotpStep(a.id, 101)).toBe(true);
  });

  it('uses each recovery code once, and a new set replaces the old', async () => {
    const a = await s.accounts.create(account());
    await s.accounts.setRecoveryCodes(a.id, ['h1', 'h2']);
    expect(await s.accounts.useRecoveryCode(a.id, 'h1', 'now')).toBe(true);
    expect(await s.accounts.useRecoveryCode(a.id, 'h1', 'now')).toBe(false);
    expect(await s.accounts.recoveryCodesLeft(a.id)).toBe(1);
    await s.accounts.setRecoveryCodes(a.id, ['h3']);
    expect(await s.accounts.useRecoveryCode(a.id, 'h2', 'now')).toBe(false);
    expect(await s.accounts.recoveryCodesLeft(a.id)).toBe(1);
  });

  it('keeps a password reset link by its hash until it expires, uses it once, and takes the account’s other links with it', async () => {
    const a = await s.accounts.create(account());
    const b = await s.accounts.create(account());
    await s.accounts.createPasswordReset({ tokenHash: 'r1', accountId: a.id, createdAt: 1_000, expiresAt: 2_000 });
    await s.accounts.createPasswordReset({ tokenHash: 'r2', accountId: a.id, createdAt: 1_100, expiresAt: 2_100 });
    await s.accounts.createPasswordReset({ tokenHash: 'r3', accountId: b.id, createdAt: 1_200, expiresAt: 2_200 });
    expect(await s.accounts.passwordReset('r1', 1_999)).toEqual({ tokenHash: 'r1', accountId: a.id, createdAt: 1_000, expiresAt: 2_000 });
    expect(await s.accounts.passwordReset('r1', 2_000)).toBeUndefined();
    expect(await s.accounts.usePasswordReset('r1', 2_000)).toBeUndefined();
    expect(await s.accounts.passwordReset('unknown', 1_500)).toBeUndefined();
    // Used twice at once, it is used once; the account's other link goes with it, another account's stays.
    const uses = await Promise.all([s.accounts.usePasswordReset('r2', 1_500), s.accounts.usePasswordReset('r2', 1_500)]);
    expect(uses.filter(Boolean)).toEqual([a.id]);
    expect(await s.accounts.usePasswordReset('r2', 1_500)).toBeUndefined();
    expect(await s.accounts.passwordReset('r1', 1_500)).toBeUndefined();
    expect(await s.accounts.passwordReset('r3', 1_500)).toMatchObject({ accountId: b.id });
    // A new link drops the links expired by then.
    await s.accounts.createPasswordReset({ tokenHash: 'r4', accountId: b.id, createdAt: 3_000, expiresAt: 4_000 });
    expect(await s.accounts.passwordReset('r3', 0)).toBeUndefined();
    expect(await s.accounts.passwordReset('r4', 3_999)).toMatchObject({ accountId: b.id });
  });

  it('keeps a one-time password, two-step sign-in asked of an editor, and a token\'s cities', async () => {
    const owner = await s.accounts.create(account({ role: 'owner' }));
    const editor = await s.accounts.create({ ...account({ role: 'editor' }), passwordChange: true });
    expect(editor).toMatchObject({ passwordChange: true, twoStepRequired: false });
    expect(await s.accounts.update(editor.id, { passwordChange: false, twoStepRequired: true })).toMatchObject({ passwordChange: false, twoStepRequired: true });
    expect(await s.accounts.byId(editor.id)).toMatchObject({ passwordChange: false, twoStepRequired: true });
    expect(await s.accounts.byId(owner.id)).toMatchObject({ passwordChange: false, twoStepRequired: false });
    await s.accounts.createToken({ id: `tc-${n}`, tokenHash: `thc-${n}`, name: 'desk', role: 'frontdesk', createdBy: owner.id, createdAt: 'then', lastUsedAt: null, revokedAt: null, cities: ['tampa'] });
    expect((await s.accounts.tokenByHash(`thc-${n}`))!.token.cities).toEqual(['tampa']);
    expect((await s.accounts.listTokens()).find((t) => t.id === `tc-${n}`)!.cities).toEqual(['tampa']);
  });

  it('finds API tokens by hash with whether their maker is active and their role now, and revokes them', async () => {
    const owner = await s.accounts.create(account({ role: 'owner' }));
    await s.accounts.create(account({ role: 'owner' }));
    await s.accounts.createToken({ id: `t-${n}`, tokenHash: `th-${n}`, name: 'ci', role: 'editor', createdBy: owner.id, createdAt: 'then', lastUsedAt: null, revokedAt: null, cities: null });
    const found = await s.accounts.tokenByHash(`th-${n}`);
    expect(found).toMatchObject({ token: { name: 'ci', role: 'editor', revokedAt: null }, creatorActive: true, creatorRole: 'owner' });
    await s.accounts.update(owner.id, { role: 'editor' });
    expect((await s.accounts.tokenByHash(`th-${n}`))?.creatorRole).toBe('editor');
    await s.accounts.update(owner.id, { active: false });
    expect((await s.accounts.tokenByHash(`th-${n}`))?.creatorActive).toBe(false);
    expect((await s.accounts.revokeToken(`t-${n}`, 'later'))?.revokedAt).toBe('later');
    expect((await s.accounts.listTokens()).find((t) => t.id === `t-${n}`)?.revokedAt).toBe('later');
  });
});

describe.each(implementations)('the audit trail (%s)', (name, make) => {
  let s: Stores;
  const key = Buffer.alloc(32, 7);
  const entry = (i: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
    at: `2026-11-${String(10 + (i % 10)).padStart(2, '0')}T12:00:00.000Z`,
    actorId: i % 2 ? 'desk' : 'owner',
    actorLabel: i % 2 ? 'desk@example.com' : 'owner@example.com',
    address: '203.0.113.7',
    action: i % 3 ? 'message.list' : 'city.save',
    object: `/api/messages?site=tampa&page=${i}`,
    city: i % 3 ? 'tampa' : 'orlando',
    outcome: 200,
    ...over,
  });
  const append = (e: AuditEntry) => s.audit.append(e, (previous, seq) => recordMac(key, previous, seq, e));
  beforeEach(async () => {
    if (name === 'PostgreSQL') await pg.pool.query('DROP TRIGGER IF EXISTS audit_no_change ON audit_log; TRUNCATE audit_log; CREATE TRIGGER audit_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_append_only()');
    s = make();
  });

  it('chains appends made at once into one line with no fork, which verifies whole', async () => {
    const made = await Promise.all(Array.from({ length: 40 }, (_, i) => append(entry(i))));
    expect(new Set(made.map((r) => r.seq)).size).toBe(40);
    expect(await verifyChain(key, s.audit.each({}, 7))).toMatchObject({ ok: true, count: 40 });
  });

  it('refuses to change or remove a record, and a record changed behind its back is named by verify', async () => {
    for (let i = 0; i < 5; i++) await append(entry(i));
    await expect(s.exec("UPDATE audit_log SET actor_label = 'someone@example.com' WHERE seq = 3")).rejects.toThrow(/append-only/);
    await expect(s.exec('DELETE FROM audit_log WHERE seq = 2')).rejects.toThrow(/append-only/);
    // Someone with write access to the database drops the guard and rewrites record 3.
    await s.exec(name === 'SQLite' ? 'DROP TRIGGER audit_no_update' : 'DROP TRIGGER audit_no_change ON audit_log');
    await s.exec("UPDATE audit_log SET actor_label = 'someone@example.com' WHERE seq = 3");
    const v = await verifyChain(key, s.audit.each({}));
    expect(v).toMatchObject({ ok: false, seq: 3 });
    // Recomputing record 3's MAC without the key is guesswork: under another key it still fails.
    const forged = recordMac(Buffer.alloc(32, 1), '', 3, entry(2));
    await s.exec(`UPDATE audit_log SET mac = '${forged}' WHERE seq = 3`);
    expect(await verifyChain(key, s.audit.each({}))).toMatchObject({ ok: false, seq: 3 });
  });

  it('names a removed record as missing', async () => {
    for (let i = 0; i < 4; i++) await append(entry(i));
    await s.exec(name === 'SQLite' ? 'DROP TRIGGER audit_no_delete' : 'DROP TRIGGER audit_no_change ON audit_log');
    // Record 3 names record 2 as its predecessor (migration 14/11): the foreign key goes too.
    await s.exec(name === 'SQLite' ? 'PRAGMA foreign_keys = OFF' : 'ALTER TABLE audit_log DROP CONSTRAINT audit_follows_previous');
    await s.exec('DELETE FROM audit_log WHERE seq = 2');
    expect(await verifyChain(key, s.audit.each({}))).toMatchObject({ ok: false, seq: 2 });
  });

  it('pages newest first and filters by person, action, city and dates', async () => {
    for (let i = 0; i < 12; i++) await append(entry(i));
    const all = await s.audit.page({}, 1, 5);
    expect(all.total).toBe(12);
    expect(all.records.map((r) => r.seq)).toEqual([12, 11, 10, 9, 8]);
    const desk = await s.audit.page({ actorId: 'desk' }, 1, 50);
    expect(desk.records.every((r) => r.actorLabel === 'desk@example.com')).toBe(true);
    expect(desk.total).toBe(6);
    const saves = await s.audit.page({ action: 'city.save', city: 'orlando' }, 1, 50);
    expect(saves.total).toBe(4);
    const days = await s.audit.page({ from: '2026-11-11', to: '2026-11-12' }, 1, 50);
    expect(days.records.map((r) => r.at.slice(0, 10)).sort()).toEqual(['2026-11-11', '2026-11-11', '2026-11-12']);
    const facets = await s.audit.facets();
    expect(facets.actions).toEqual(['city.save', 'message.list']);
    expect(facets.actors).toEqual([
      { id: 'desk', label: 'desk@example.com' },
      { id: 'owner', label: 'owner@example.com' },
    ]);
  });
});
