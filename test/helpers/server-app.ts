import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterEach } from 'vitest';
import { clinicConfigSchema, type ClinicConfig } from '../../src/config/schema.js';
import { createApps } from '../../src/server/app.js';
import { resolveServerConfig, type ServerConfig } from '../../src/server/settings/config.js';
import type { AppDeps } from '../../src/server/app.js';
import { createSqliteBrandStore, importingBrandStore } from '../../src/server/brand/index.js';
import type { RunView } from '../../src/server/cities/redeploy-runner.js';
import { createSqliteCityStore } from '../../src/server/cities/sqlite-store.js';
import type { RefusalCount, RefusalStore } from '../../src/server/leads/refusals.js';
import type { AddResult, MessageFilter, MessageStore, NewMessage, SiteCount, StoredMessage } from '../../src/server/leads/store.js';
import { createPreviewStore } from '../../src/server/previews/store.js';
import { memoryRateCounters } from '../../src/server/rate-limits/store.js';
import { createReleaseStore } from '../../src/server/releases/disk-store.js';
import type { ReleaseSettings, ServerStore } from '../../src/server/store/server-store.js';
import { openSqliteStore } from '../../src/server/store/sqlite-server-store.js';
import { migrate } from '../../src/server/sqlite/migrations.js';
import { folderUploadStore } from '../../src/server/uploads/store.js';
import { createSqliteAccountStore } from '../../src/server/auth/sqlite-store.js';
import { createSqliteAuditStore } from '../../src/server/audit/sqlite-store.js';
import { dataKey, type KeyRing } from '../../src/server/crypto/data-key.js';
import { sqliteMeta } from '../../src/server/sqlite/meta.js';
import { sqliteRewrapStore } from '../../src/server/sqlite/rewrap.js';
import { createSqliteInboxStore } from '../../src/server/leads/inbox-sqlite.js';
import { createSealer } from '../../src/server/leads/sealing.js';
import type { Hono } from 'hono';
import { newSecretToken, tokenHash } from '../../src/server/auth/tokens.js';

/**
 * Test doubles and plumbing shared by the server's route tests, its integration tests and the
 * admin's browser tests: the one home of server test helpers. Not imported by production code.
 */

/** A valid clinic config with the sample clinic's address and example.com contact data. */
export function testConfig(overrides: Record<string, unknown> = {}): ClinicConfig {
  return clinicConfigSchema.parse({
    businessName: 'Summit Men’s Health',
    city: 'Wesley Chapel',
    state: 'FL',
    address: '5950 Newberry Pines Avenue',
    zipCode: '33545',
    phone: '(813) 555-0142',
    email: 'hello@example.com',
    domainName: 'wesley-chapel.example.com',
    hours: CITY_HOURS,
    legal: CITY_LEGAL,
    ...overrides,
  });
}

/** The week and the legal facts every test city gives (a city's own: NOTES.md decision 14). */
export const CITY_HOURS = [{ days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '17:00' }];
export const CITY_LEGAL = { governingLaw: 'Florida', courts: 'Hillsborough County', effectiveDate: '2025-06-01' };

/**
 * The admin form's config for a Tampa clinic, as the browser sends it to the admin API (plain
 * JSON, not yet parsed by the schema).
 */
export function adminFormConfig(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    businessName: 'Northstar Men’s Health',
    city: 'Tampa',
    state: 'FL',
    address: '100 Bay Street',
    zipCode: '33602',
    phone: '(813) 555-0101',
    email: 'tampa@example.com',
    website: 'https://tampa.example.com',
    hours: CITY_HOURS,
    legal: CITY_LEGAL,
    ...overrides,
  };
}

/** A hand-made site with the shapes renderSite produces. */
export const TEST_FILES: Record<string, string> = {
  'index.html': '<!doctype html><title>Home</title><a href="trt-therapy/">TRT</a>',
  'trt-therapy/index.html': '<!doctype html><title>TRT Therapy</title><a href="../about/">About</a>',
  'about/index.html': '<!doctype html><title>About</title>',
  'contact/index.html': '<!doctype html><title>Contact</title>',
  '404.html': '<!doctype html><title>Page not found</title><h1>Page Not Found</h1>',
  'sitemap.xml': '<?xml version="1.0" encoding="UTF-8"?><urlset></urlset>',
  'robots.txt': 'User-agent: *\nAllow: /\n',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  'assets/site.3f9a1c2b.css': 'body{margin:0}',
  'assets/contact.9e8d7c6b.js': 'console.log(1)',
};

/** The test clinic's public host name: tests reach the app under it as if ALLOWED_HOSTS named it. */
export const TEST_HOST = 'clinic.example.com';

/**
 * A ServerConfig as `clinic-gen serve` would resolve it with no flags and ALLOWED_HOSTS=TEST_HOST
 * (ports 3000 and 3001), on a fresh data folder (created by the first write), with `overrides` on top.
 */
export function testServerConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const resolved = resolveServerConfig({ flags: { dataDir: join(tmpdir(), `clinic-test-${randomUUID()}`) }, env: { ALLOWED_HOSTS: TEST_HOST, DATA_KEY: randomBytes(32).toString('base64') } });
  if (!resolved.ok) throw new Error(resolved.errors.join('\n'));
  return { ...resolved.config, ...overrides };
}

/**
 * Every store of a server, for route tests: messages in memory (or `messages`), the stored cities
 * in an in-memory SQLite database (same code and schema as the file), deployments and uploads in
 * `dataDir`, previews and rate counts in memory on the `now` clock. Tests that need the data
 * folder's real database use openSqliteStore (storedTestApp does).
 */
export function testStores(o: { dataDir: string; messages?: MessageStore; now?: () => Date; releases?: ReleaseSettings; noOwner?: boolean }): ServerStore {
  const now = o.now ?? (() => new Date());
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, ':memory:');
  if (!o.noOwner) seedTestOwner(db);
  return {
    kind: 'sqlite',
    location: ':memory:',
    accounts: createSqliteAccountStore(db),
    audit: createSqliteAuditStore(db),
    meta: sqliteMeta(db),
    sealedValues: sqliteRewrapStore(db),
    messages: o.messages ?? memoryStore(),
    // Over the in-memory database, empty: inbox routes are tested on a real store (storedTestApp).
    inbox: createSqliteInboxStore(db),
    refusals: memoryRefusalStore(),
    outbox: { claimDue: async () => [], markSent: async () => undefined, markFailed: async () => undefined, nextDue: async () => null, counts: async () => ({ pending: 0, sent: 0, failed: 0 }), oldestPendingAt: async () => null },
    brand: importingBrandStore(createSqliteBrandStore(db), o.dataDir),
    cities: createSqliteCityStore(db, now),
    releases: createReleaseStore({ ...o.releases, root: join(o.dataDir, 'deployments') }),
    uploads: folderUploadStore(join(o.dataDir, 'uploads')),
    previews: createPreviewStore(() => now().getTime()),
    counters: memoryRateCounters(() => now().getTime()),
    interruptedRuns: [],
    writable: () => true,
    onRemoteChange: () => undefined,
    compact: async () => undefined,
    close: async () => void db.close(),
  };
}

/**
 * The owner every test app starts with, and an API token of theirs: route tests act as the owner
 * through the real guard (a Bearer token, as a script would) unless they set their own
 * Authorization header ('' for none: see `anonymous`). Their password hash matches no password:
 * tests of signing in make accounts of their own (test/helpers/accounts.ts).
 */
export const TEST_OWNER = { id: 'test-owner', email: 'owner@example.com', name: 'Test Owner' } as const;
export const TEST_OWNER_TOKEN = `cgt_${'test-owner-token-'.repeat(3)}x`;

/** Writes the test owner and their token into a migrated database (synchronously: test apps are made synchronously). */
export function seedTestOwner(db: Database.Database): void {
  const at = new Date().toISOString();
  db.prepare("INSERT INTO accounts (id, email, name, role, cities, active, password_hash, created_at) VALUES (?, ?, ?, 'owner', NULL, 1, 'scrypt$17$8$1$none$none', ?)").run(
    TEST_OWNER.id,
    TEST_OWNER.email,
    TEST_OWNER.name,
    at,
  );
  db.prepare("INSERT INTO api_tokens (id, token_hash, name, role, created_by, created_at) VALUES ('test-owner-token', ?, 'tests', 'owner', ?, ?)").run(
    createHash('sha256').update(TEST_OWNER_TOKEN).digest('hex'),
    TEST_OWNER.id,
    at,
  );
}

/** Headers that make a request anonymous in a test app (no token added). */
export const anonymous = { Authorization: '' } as const;

/** A data key and audit key for a test app. */
export function testSecrets(): { keys: KeyRing; auditKey: Buffer; pepper: Buffer; searchKey: Buffer } {
  return { keys: { current: dataKey(randomBytes(32)) }, auditKey: randomBytes(32), pepper: randomBytes(32), searchKey: randomBytes(32) };
}

/** Makes `app.request` carry the test owner's token unless the request names its own Authorization. */
export function actingAsOwner<T extends Hono<any>>(app: T): T {
  const original = app.request.bind(app);
  app.request = ((input: RequestInfo | URL, init?: RequestInit, ...rest: unknown[]) => {
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    if (!headers.has('authorization')) headers.set('authorization', `Bearer ${TEST_OWNER_TOKEN}`);
    else if (headers.get('authorization') === '') headers.delete('authorization');
    return (original as (...a: unknown[]) => ReturnType<typeof original>)(input, { ...init, headers }, ...rest);
  }) as typeof app.request;
  return app;
}

type TestDeps = Partial<Omit<AppDeps, 'server' | 'stores'>> & { server?: Partial<ServerConfig>; messages?: MessageStore; releases?: ReleaseSettings; noOwner?: boolean };

/** createApp (the admin's listener) with the test clinic, the hand-made site and an in-memory message store, unless given. */
export function testApp(deps: TestDeps = {}) {
  return testApps(deps).admin;
}

/** Both listeners' apps (createApps) over one set of stores (testStores), made like testApp. */
export function testApps(deps: TestDeps = {}) {
  const { server, messages, releases, noOwner, ...rest } = deps;
  const config = testServerConfig(server);
  const stores = testStores({ dataDir: config.dataDir, messages, now: rest.now, releases, noOwner });
  const secrets = rest.secrets ?? testSecrets();
  const apps = createApps({ clinic: testConfig(), files: TEST_FILES, ...rest, secrets, stores, server: config });
  actingAsOwner(apps.admin);
  return Object.assign(apps, { stores, secrets });
}

/**
 * The whole server as the operator reaches it without a password: requests come from loopback, the
 * data folder is fresh (or `server.dataDir`), releases skip fsync. `request` goes to the admin's
 * listener, `site` to the sites listener (deployed sites, previews); `store` reads the same
 * deployments folder the app writes.
 */
export function adminTestApp(server: Partial<ServerConfig> = {}, releases: ReleaseSettings = {}, deps: Pick<AppDeps, 'cityAssetFolders'> = {}) {
  const config = testServerConfig(server);
  const stores = testStores({ dataDir: config.dataDir, releases: { durable: false, ...releases } });
  const apps = createApps({ clinic: testConfig(), server: config, files: TEST_FILES, stores, secrets: testSecrets(), ...deps });
  const app = actingAsOwner(apps.admin);
  const request = (path: string, init?: RequestInit) => app.request(path, init, fromAddress('127.0.0.1'));
  const site = (path: string, init?: RequestInit) => apps.sites.request(path, init, fromAddress('127.0.0.1'));
  const json = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    request(path, { method, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const store = createReleaseStore({ root: join(config.dataDir, 'deployments'), durable: false });
  return { app, sites: apps.sites, request, site, json, dataDir: config.dataDir, store, config, stores };
}

/**
 * adminTestApp over the data folder's real store (SQLite in `<dataDir>/clinic.db`): stored cities,
 * redeploy runs and messages on disk, as `clinic-gen serve` keeps them. `close()` closes the
 * database (after stopping a redeploy in progress); opening another on the same `dataDir` is a
 * restart. `rows(sql)` reads through a separate connection, as an operator would.
 */
export function storedTestApp(server: Partial<ServerConfig> = {}, releases: ReleaseSettings = {}) {
  const config = testServerConfig(server);
  const db = openSqliteStore(config.dataDir, { releases: { durable: false, ...releases } });
  const writer = new Database(db.location);
  try {
    if (!writer.prepare('SELECT 1 FROM accounts WHERE id = ?').get(TEST_OWNER.id)) seedTestOwner(writer);
  } finally {
    writer.close();
  }
  const secrets = testSecrets();
  // As serve does: what patients write is sealed from the first message on.
  db.messages.useSealer?.(createSealer(secrets.keys, secrets.searchKey));
  const apps = createApps({ clinic: testConfig(), server: config, files: TEST_FILES, stores: db, secrets });
  actingAsOwner(apps.admin);
  const request = (path: string, init?: RequestInit) => apps.admin.request(path, init, fromAddress('127.0.0.1'));
  const json = (method: string, path: string, body?: unknown) =>
    request(path, body === undefined ? { method } : { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const rows = <T = Record<string, unknown>>(sql: string, ...params: unknown[]): T[] => {
    const reader = new Database(db.location, { readonly: true });
    try {
      return reader.prepare(sql).all(...params) as T[];
    } finally {
      reader.close();
    }
  };
  const store = createReleaseStore({ root: join(config.dataDir, 'deployments'), durable: false });
  return {
    ...apps,
    request,
    site: (path: string, init?: RequestInit) => apps.sites.request(path, init, fromAddress('127.0.0.1')),
    json,
    rows,
    db,
    store,
    dataDir: config.dataDir,
    config,
    async close() {
      await apps.redeploys.stop();
      await db.close();
    },
  };
}

/** A MessageStore in memory, for route tests that do not need SQLite (same contract as leads/sqlite-store.ts). */
export function memoryStore(): MessageStore & { rows: StoredMessage[] } {
  const rows: StoredMessage[] = [];
  const keys = new Map<string, { id: string; body: string }>();
  const bodyOf = (m: NewMessage) => JSON.stringify([m.firstName, m.lastName, m.email, m.phone, m.service, m.message, m.site, m.page]);
  const filtered = (filter: MessageFilter = {}) => rows.filter((m) => filter.site === undefined || m.site === filter.site);
  return {
    rows,
    async add(message: NewMessage, key?: string): Promise<AddResult> {
      const existing = key ? keys.get(key) : undefined;
      if (existing) return existing.body === bodyOf(message) ? { id: existing.id, duplicate: true } : { conflict: true };
      const id = randomUUID();
      rows.push({ ...message, id });
      if (key) keys.set(key, { id, body: bodyOf(message) });
      return { id, duplicate: false };
    },
    async list(page, pageSize, filter) {
      const newest = filtered(filter).reverse();
      return { messages: newest.slice((page - 1) * pageSize, page * pageSize), total: newest.length };
    },
    async *all(filter) {
      yield* filtered(filter);
    },
    async countBySite(now) {
      const since = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
      const out = new Map<string, SiteCount>();
      for (const m of rows) {
        const c = out.get(m.site) ?? { site: m.site, city: m.city, last7Days: 0, last30Days: 0, total: 0 };
        c.city = m.city > c.city ? m.city : c.city;
        c.last7Days += m.receivedAt >= since(7) ? 1 : 0;
        c.last30Days += m.receivedAt >= since(30) ? 1 : 0;
        c.total += 1;
        out.set(m.site, c);
      }
      return [...out.values()].sort((a, b) => b.total - a.total || a.site.localeCompare(b.site));
    },
  };
}

/** The `env` argument of app.request() that makes a request look like it came from `address`. */
export function fromAddress(address: string) {
  return { incoming: { socket: { remoteAddress: address, remotePort: 50000, remoteFamily: address.includes(':') ? 'IPv6' : 'IPv4' } } };
}

/** A valid contact message body. */
export function validMessage(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Jordan',
    lastName: 'Rivera',
    email: 'jordan@example.com',
    phone: '(813) 555-0100',
    service: 'TRT Therapy',
    message: 'I would like to book a consultation next week.',
    ...overrides,
  };
}

/** `Authorization` header value for Basic auth (the retired scheme: the guard answers it with a 401 naming the sign-in page). */
export function basic(password: string, user = 'admin'): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** A 1x1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A multipart body with one file in the `logo` field. */
export function logoForm(bytes: Uint8Array | string, name = 'logo.png', type = 'image/png'): FormData {
  const form = new FormData();
  form.append('logo', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name);
  return form;
}

export interface ZipFile {
  name: string;
  data: Buffer;
}

/**
 * Reads a zip from its central directory (stored and deflated entries): enough to check what a
 * package holds without trusting an unzip tool's path clean-up.
 */
export function readZip(zip: Buffer): ZipFile[] {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd === -1) throw new Error('not a zip: no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const files: ZipFile[] = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLen = zip.readUInt16LE(at + 28);
    const extraLen = zip.readUInt16LE(at + 30);
    const commentLen = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLen);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + size);
    files.push({ name, data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw) });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return files;
}

/** True when a zip entry name extracts inside its folder: relative, no '..', no backslash, no drive. */
export function isContainedName(name: string): boolean {
  return !name.startsWith('/') && !/^[A-Za-z]:/.test(name) && !name.includes('\\') && !name.split('/').includes('..') && !name.includes('\0');
}

/** Message `n` of a store test, as the contact route files it (Tampa), n seconds into 2025. */
export const numberedMessage = (n: number): NewMessage => ({
  firstName: 'Ana 🌴',
  lastName: 'Núñez',
  email: `ana${n}@example.com`,
  phone: '',
  service: 'TRT Therapy',
  message: `Message number ${n} with emoji 💪 and 漢字`,
  site: 'tampa',
  city: 'Tampa',
  page: 'contact/',
  origin: 'https://tampa.example.com',
  referer: 'https://tampa.example.com/contact/',
  registered: true,
  language: 'en',
  receivedAt: new Date(Date.UTC(2025, 0, 1, 0, 0, n)).toISOString(),
});

/** The id an add answered with, if it stored or found one. */
export const addedId = (r: AddResult) => ('id' in r ? r.id : undefined);

/**
 * storedTestApp for a test file: each app it makes is closed after its test. Call it at the top
 * level of the file (it registers the afterEach).
 */
export function storedTestApps(): (...args: Parameters<typeof storedTestApp>) => ReturnType<typeof storedTestApp> {
  const apps: ReturnType<typeof storedTestApp>[] = [];
  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
  });
  return (...args) => {
    const t = storedTestApp(...args);
    apps.push(t);
    return t;
  };
}

/** Refusal counts in memory (same contract as leads/sqlite-refusals.ts). */
export function memoryRefusalStore(): RefusalStore & { rows: RefusalCount[] } {
  const rows: RefusalCount[] = [];
  return {
    rows,
    async add(batch) {
      for (const r of batch) {
        const row = rows.find((x) => x.day === r.day && x.reason === r.reason && x.origin === r.origin);
        if (row) row.count += r.count;
        else rows.push({ ...r });
      }
    },
    since: async (day) => rows.filter((r) => r.day >= day).sort((a, b) => b.count - a.count),
  };
}

/** GET /api/redeploys/:id until the run is no longer running (at most 10 s): the run as it ended. */
export async function settledRun(t: ReturnType<typeof storedTestApp>, id: string): Promise<RunView> {
  for (let i = 0; i < 400; i++) {
    const run = ((await (await t.request(`/api/redeploys/${id}`)).json()) as { run: RunView }).run;
    if (run.state !== 'running') return run;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`run ${id} still running after 10 s`);
}

/**
 * A staff account straight in a stored test app's store, with a session as signing in long ago
 * would leave it (stage full): answers its id and the headers a browser of that session sends.
 * No Authorization: the test app would otherwise act as its owner (actingAsOwner).
 */
export async function staffSession(
  accounts: ServerStore['accounts'],
  who: { role: 'owner' | 'editor' | 'frontdesk'; email: string; name: string; cities?: string[] | null },
): Promise<{ id: string; headers: Record<string, string> }> {
  const id = randomUUID();
  await accounts.create({ id, email: who.email, name: who.name, role: who.role, cities: who.cities ?? null, passwordHash: 'scrypt$17$8$1$none$none', createdAt: new Date().toISOString() });
  const token = newSecretToken('cgs');
  await accounts.createSession({ tokenHash: tokenHash(token), accountId: id, stage: 'full', createdAt: Date.now(), lastSeenAt: Date.now(), address: '127.0.0.1' });
  return { id, headers: { Authorization: '', Cookie: `clinic_session=${token}`, Origin: `http://${TEST_HOST}`, Host: TEST_HOST } };
}
