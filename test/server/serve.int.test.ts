import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ServerStartError, startServer } from '../../src/server/start.js';
import { resolveServerConfig } from '../../src/server/settings/config.js';
import { memoryLogger, silentLogger } from '../../src/server/log/logger.js';
import { serveClinic } from '../../src/server/serve.js';
import { TEST_FILES, testConfig, validMessage } from '../helpers/server-app.js';
import { startTestServer } from './helpers.js';
import { freshDatabase } from '../helpers/pg.js';
import { TEST_ADMIN_ENV } from '../helpers/accounts.js';

/** A data key of its own for a startServer call, and a configuration folder inside `dataDir` (never the user's home). */
const keyEnv = (dataDir: string) => ({ DATA_KEY: randomBytes(32).toString('base64'), XDG_CONFIG_HOME: path.join(dataDir, '.config') });

describe('listening', () => {
  it('refuses a non-loopback host while no account exists (nobody could sign in), with a clear message', async () => {
    await expect(startTestServer({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }, { host: '0.0.0.0' })).rejects.toThrow(/Refusing to listen on 0\.0\.0\.0 with no account/);
  });

  it('listens on all interfaces once the first owner is given, and answers nobody anonymously', async () => {
    const server = await startTestServer(TEST_ADMIN_ENV, { host: '0.0.0.0' });
    try {
      expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(200);
      // Loopback included: the admin's data need a session or a token.
      expect((await fetch(`http://127.0.0.1:${server.port}/api/messages`)).status).toBe(401);
      expect((await fetch(`http://127.0.0.1:${server.port}/api/messages`, { headers: { Authorization: await server.owner() } })).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe('graceful shutdown', () => {
  it('lets a request in flight finish and store its message, then closes the database', async () => {
    const server = await startTestServer({ CONTACT_RATE_LIMIT: '0' });
    const body = Buffer.from(JSON.stringify(validMessage()));
    const socket = net.connect(server.port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.on('close', () => resolve(text));
    });
    // Headers and half the body now; the rest after close() has begun.
    socket.write(`POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    socket.write(body.subarray(0, 20));
    await new Promise((r) => setTimeout(r, 50));
    const closing = server.close();
    await new Promise((r) => setTimeout(r, 50));
    await expect(fetch(`${server.url}/`)).rejects.toThrow(); // no longer accepting
    // The rest of the body, the connection left open as browsers and fetch leave it: a client that
    // half-closes (FIN) after its request has its socket ended by Node's HTTP server
    // (httpAllowHalfOpen false) before any answer that awaits a commit could be written.
    socket.write(body.subarray(20));
    expect(await answer).toMatch(/^HTTP\/1\.1 201/);
    await closing;
    expect(server.count()).toBe(1);
    await server.stop();
  });
});

describe('a site still being built (a first start encodes its photos)', () => {
  /** serveClinic given the site as a promise this test settles, and the URLs it logs once it listens. */
  async function starting() {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-building-'));
    const resolved = resolveServerConfig({ flags: { port: 0, dataDir }, env: keyEnv(dataDir) });
    if (!resolved.ok) throw new Error(resolved.errors.join('\n'));
    const logs = memoryLogger();
    let settle!: { ready: (files: typeof TEST_FILES) => void; fail: (err: Error) => void };
    const files = new Promise<typeof TEST_FILES>((ready, fail) => (settle = { ready, fail }));
    const serving = serveClinic({ clinic: testConfig(), server: resolved.config, files, logger: logs });
    serving.catch(() => undefined);
    let building: Record<string, unknown> | undefined;
    for (let i = 0; i < 200 && !building; i++) {
      building = logs.events.find((e) => e.event === 'server.building')?.fields;
      if (!building) await new Promise((r) => setTimeout(r, 25));
    }
    expect(building, 'server.building logged once both ports listen').toBeDefined();
    return { ...settle, serving, url: building!.url as string, sitesUrl: building!.sites as string, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
  }

  it('listens at once, answers 503 with Retry-After on both ports, then serves the site once it is ready', async () => {
    const s = await starting();
    try {
      for (const url of [`${s.url}/`, `${s.url}/admin`, `${s.sitesUrl}/sites/tampa/`]) {
        const early = await fetch(url);
        expect([early.status, early.headers.get('retry-after'), await early.text()], url).toEqual([503, '1', 'Starting']);
      }
      s.ready(TEST_FILES);
      const server = await s.serving;
      expect(server.url).toBe(s.url);
      expect((await fetch(`${s.url}/`)).status).toBe(200);
      await server.close();
    } finally {
      s.cleanup();
    }
  });

  it('stops when the site cannot be built: the error as given, its ports closed', async () => {
    const s = await starting();
    try {
      s.fail(new ServerStartError(['configs/tampa.yaml photos.hero.src: no file /photos/front.jpg']));
      await expect(s.serving).rejects.toThrow(/photos\.hero\.src: no file \/photos\/front\.jpg/);
      await expect(fetch(`${s.url}/`)).rejects.toThrow();
      await expect(fetch(`${s.sitesUrl}/`)).rejects.toThrow();
    } finally {
      s.cleanup();
    }
  });
});

describe('startServer', () => {
  it('serves the sample clinic rendered by renderSite and answers a no-JS form post', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-start-'));
    const events: string[] = [];
    const logger = { info: (e: string) => events.push(e), warn: (e: string) => events.push(e), error: (e: string) => events.push(e) };
    const server = await startServer({ configPath: 'configs/wesley-chapel.yaml', port: 0, dataDir, env: { ...keyEnv(dataDir), CORS_ORIGINS: 'https://partner.example.org' }, logger });
    try {
      // CORS_ORIGINS has nothing left to do (decision 010): the server says so rather than ignore it silently.
      expect(events).toContain('cors_origins.unused');
      const home = await fetch(`${server.url}/`);
      expect(home.status).toBe(200);
      // The sample's hero photo (configs/images/) and the page's social card, as `build` writes them.
      const html = await home.text();
      const hero = /<img [^>]*src="(images\/hero-[0-9a-f]{10}-\d+\.jpg)"/.exec(html)![1];
      const card = /<meta property="og:image" content="https:\/\/wesley-chapel\.example\.com\/(assets\/cards\/home\.[0-9a-f]{10}\.png)"/.exec(html)![1];
      for (const [file, type] of [[hero, 'image/jpeg'], [card, 'image/png']]) {
        const res = await fetch(`${server.url}/${file}`);
        expect([res.status, res.headers.get('content-type')], file).toEqual([200, type]);
      }
      expect((await fetch(`${server.url}/trt-therapy`, { redirect: 'manual' })).headers.get('location')).toBe('/trt-therapy/');
      const form = await fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...validMessage(), website: '' }).toString(),
      });
      expect(form.status).toBe(200);
      expect(form.headers.get('content-type')).toMatch(/^text\/html/);
      // No account yet: the log says where the setup page is; on loopback, plain http signs in.
      expect(events).toContain('admin.setup_needed');
      expect(events).not.toContain('sign_in.needs_https');
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    // The first build of the sample in a test run encodes its six photos (seconds each on a busy machine).
  }, 90_000);

  it('warns at start-up, with DATABASE_URL and no PUBLIC_URL, that packages would post to one server’s own address', async () => {
    const db = await freshDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-start-pg-'));
    const events: string[] = [];
    const logger = { info: (e: string) => events.push(e), warn: (e: string) => events.push(e), error: (e: string) => events.push(e) };
    const server = await startServer({ configPath: 'configs/wesley-chapel.yaml', port: 0, dataDir, env: { ...keyEnv(dataDir), DATABASE_URL: db.url, CLINIC_GEN_SEED_SAMPLES: '0' }, logger });
    try {
      expect(events).toContain('public_url.unset');
    } finally {
      await server.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('listens twice: the admin\'s origin, and deployed sites and previews on the next port', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-start-'));
    const server = await startServer({ configPath: 'configs/wesley-chapel.yaml', port: 0, dataDir, env: keyEnv(dataDir), logger: silentLogger });
    try {
      expect(server.sitesUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(server.sitesUrl).not.toBe(server.url);
      expect((await fetch(`${server.url}/admin`)).status).toBe(200);
      for (const p of ['/admin', '/api/messages', '/', '/sites/tampa/']) expect((await fetch(`${server.sitesUrl}${p}`)).status, p).toBe(404);
      const moved = await fetch(`${server.url}/sites/tampa/?x=1`, { redirect: 'manual' });
      expect(moved.status).toBe(308);
      expect(moved.headers.get('location')).toBe(`${server.sitesUrl}/sites/tampa/?x=1`);
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('warns at start-up, listening beyond loopback without an https PUBLIC_URL, that signing in needs https', async () => {
    for (const [publicUrl, warned] of [[undefined, true], ['http://clinic.example.com', true], ['https://clinic.example.com', false]] as const) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-start-'));
      const events: string[] = [];
      const logger = { info: (e: string) => events.push(e), warn: (e: string) => events.push(e), error: (e: string) => events.push(e) };
      const env = { ...keyEnv(dataDir), ...TEST_ADMIN_ENV, CLINIC_GEN_SEED_SAMPLES: '0', ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}) };
      const server = await startServer({ configPath: 'configs/wesley-chapel.yaml', port: 0, host: '0.0.0.0', dataDir, env, logger });
      try {
        expect(events.includes('sign_in.needs_https'), String(publicUrl)).toBe(warned);
      } finally {
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }, 90_000);

  it('names the bad environment variable', async () => {
    await expect(startServer({ configPath: 'configs/wesley-chapel.yaml', env: { CONTACT_RATE_LIMIT: 'lots' } })).rejects.toThrow(/CONTACT_RATE_LIMIT/);
  });

  it('stops when CLINIC_GEN_CACHE_MAX_MB is no whole number of megabytes, naming it', async () => {
    const start = startServer({ configPath: 'configs/tampa.yaml', port: 0, env: { CLINIC_GEN_CACHE_MAX_MB: '1.5' } });
    await expect(start).rejects.toBeInstanceOf(ServerStartError);
    await expect(start).rejects.toThrow('CLINIC_GEN_CACHE_MAX_MB must be a whole number of megabytes (0 for no limit), not "1.5".');
  });

  it('keeps its cache under CLINIC_GEN_CACHE_MAX_MB once the site is built: the least recently used go, not what the site uses', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'clinic-start-'));
    // A cache of this test's own (the run's shared one is set in CLINIC_GEN_CACHE_DIR), holding a
    // band of a city long gone: 3 MB, last used 40 days ago.
    const cache = path.join(dataDir, 'cache-shared');
    mkdirSync(path.join(cache, 'cards'), { recursive: true });
    const stray = path.join(cache, 'cards', 'f00dfeedf00dfeedf00dfeedf00dfeed.band');
    writeFileSync(stray, Buffer.alloc(3 * 1024 * 1024, 1));
    const old = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
    utimesSync(stray, old, old);
    // Last looked over two days ago (a cache never looked over is first only marked).
    const twoDays = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    writeFileSync(path.join(cache, '.last-pruned'), '');
    utimesSync(path.join(cache, '.last-pruned'), twoDays, twoDays);
    const events: { event: string; data: Record<string, unknown> }[] = [];
    const record = (event: string, data?: Record<string, unknown>) => void events.push({ event, data: data ?? {} });
    const shared = process.env.CLINIC_GEN_CACHE_DIR;
    process.env.CLINIC_GEN_CACHE_DIR = cache;
    try {
      const server = await startServer({ configPath: 'configs/tampa.yaml', port: 0, dataDir, env: { ...keyEnv(dataDir), CLINIC_GEN_CACHE_MAX_MB: '2' }, logger: { info: record, warn: record, error: record } });
      try {
        expect((await fetch(`${server.url}/`)).status).toBe(200);
        for (let waited = 0; !events.some((e) => e.event === 'cache.pruned') && waited < 10_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
        const pruned = events.find((e) => e.event === 'cache.pruned');
        expect(pruned?.data).toMatchObject({ removed: 1, removedBytes: 3 * 1024 * 1024, limitBytes: 2 * 1024 * 1024 });
        expect(existsSync(stray)).toBe(false);
        // The bands the site's cards were drawn from stay.
        expect(readdirSync(path.join(cache, 'cards')).filter((n) => n.endsWith('.band')).length).toBeGreaterThan(3);
      } finally {
        await server.close();
      }
    } finally {
      if (shared === undefined) delete process.env.CLINIC_GEN_CACHE_DIR;
      else process.env.CLINIC_GEN_CACHE_DIR = shared;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('stops when DEPLOY_URL_TEMPLATE is bad, naming it', async () => {
    const start = startServer({ configPath: 'configs/wesley-chapel.yaml', port: 0, env: { DEPLOY_URL_TEMPLATE: 'https://example.com/' } });
    await expect(start).rejects.toBeInstanceOf(ServerStartError);
    await expect(start).rejects.toThrow(/DEPLOY_URL_TEMPLATE: expected a \{siteName\} placeholder/);
  });
});
