import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, resolveServerConfig } from './config.js';

const resolve = (flags: Parameters<typeof resolveServerConfig>[0]['flags'], env: Record<string, string> = {}) => resolveServerConfig({ flags, env });

describe('resolveServerConfig', () => {
  it('fills every default when nothing is given', () => {
    const r = resolve({});
    expect(r).toEqual({
      ok: true,
      config: {
        port: 3000,
        sitesPort: 3001,
        sitesUrl: undefined,
        host: '127.0.0.1',
        allowedHosts: [],
        dataDir: path.resolve('data'),
        rateLimit: 5,
        maxBodyBytes: 32 * 1024,
        trustProxy: [],
        corsOrigins: [],
        adminPassword: undefined,
        adminEmail: undefined,
        accessLog: true,
        metricsToken: undefined,
        keyEnv: { DATA_KEY: undefined, DATA_KEY_FILE: undefined, DATA_KEY_PREVIOUS: undefined, XDG_CONFIG_HOME: undefined, HOME: undefined },
        publicUrl: undefined,
        urlTemplate: '{origin}/sites/{siteName}/',
        seedSamples: true,
        mail: undefined,
      },
    });
  });

  it('lets --no-samples win over CLINIC_GEN_SEED_SAMPLES, which wins over importing the samples', () => {
    expect(resolve({}, { CLINIC_GEN_SEED_SAMPLES: '0' })).toMatchObject({ config: { seedSamples: false } });
    expect(resolve({ seedSamples: false }, { CLINIC_GEN_SEED_SAMPLES: '1' })).toMatchObject({ config: { seedSamples: false } });
    const bad = resolve({}, { CLINIC_GEN_SEED_SAMPLES: 'no' });
    expect(!bad.ok && bad.errors).toEqual([expect.stringMatching(/^CLINIC_GEN_SEED_SAMPLES: expected 1 \(import the sample cities on first start\) or 0/)]);
  });

  it('lets --rate-limit win over CONTACT_RATE_LIMIT, which wins over the default', () => {
    expect(resolve({}, { CONTACT_RATE_LIMIT: '9' })).toMatchObject({ config: { rateLimit: 9 } });
    expect(resolve({ rateLimit: 0 }, { CONTACT_RATE_LIMIT: '9' })).toMatchObject({ config: { rateLimit: 0 } });
  });

  it('keeps everything in PostgreSQL with DATABASE_URL, its pool sized by DATABASE_POOL_SIZE; names a bad value', () => {
    const plain = resolve({});
    expect(plain.ok && plain.config.database).toBeUndefined();
    const url = 'postgres://clinic:secret@db.internal:5432/clinic';
    expect(resolve({}, { DATABASE_URL: url })).toMatchObject({ config: { database: { url, poolSize: 10 } } });
    expect(resolve({}, { DATABASE_URL: url, DATABASE_POOL_SIZE: '25' })).toMatchObject({ config: { database: { url, poolSize: 25 } } });
    const bad = resolve({}, { DATABASE_URL: 'mysql://db/clinic', DATABASE_POOL_SIZE: '0' });
    expect(!bad.ok && bad.errors).toEqual([
      'DATABASE_URL: expected a PostgreSQL URL like postgres://clinic:secret@db.internal:5432/clinic',
      'DATABASE_POOL_SIZE: expected a whole number of connections from 1 to 100, like 10',
    ]);
  });

  it('takes DEPLOY_URL_TEMPLATE when it is good and names it when it is not', () => {
    expect(resolve({}, { DEPLOY_URL_TEMPLATE: 'https://{siteName}-trt.replit.app' })).toMatchObject({ config: { urlTemplate: 'https://{siteName}-trt.replit.app' } });
    const bad = resolve({}, { DEPLOY_URL_TEMPLATE: 'https://example.com/' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors).toEqual([expect.stringMatching(/^DEPLOY_URL_TEMPLATE: expected a \{siteName\} placeholder/)]);
  });

  it('leaves a host beyond this machine to start-up, which refuses it while no account exists (test/server/serve.int.test.ts)', () => {
    // Whether anyone can sign in depends on the store's accounts, not on the environment alone.
    expect(resolve({ host: '0.0.0.0' }).ok).toBe(true);
    expect(resolve({ host: '0.0.0.0' }, { ADMIN_EMAIL: 'Owner@Example.com', ADMIN_PASSWORD: 'a long enough password' })).toMatchObject({
      ok: true,
      config: { host: '0.0.0.0', adminEmail: 'owner@example.com', adminPassword: 'a long enough password' },
    });
    expect(resolve({ host: '::1' }).ok).toBe(true);
    // The first owner's email alone would make an account nobody can sign in to.
    const emailOnly = resolve({ host: '0.0.0.0' }, { ADMIN_EMAIL: 'owner@example.com' });
    expect(!emailOnly.ok && emailOnly.errors).toEqual([expect.stringMatching(/^ADMIN_PASSWORD: missing/)]);
    const short = resolve({}, { ADMIN_PASSWORD: 'short' });
    expect(!short.ok && short.errors).toEqual([expect.stringMatching(/^ADMIN_PASSWORD: expected at least 12 characters/)]);
  });

  it('puts deployed sites on the next port, a free one with --port 0, or the one given; never the admin port', () => {
    expect(resolve({ port: 8080 })).toMatchObject({ config: { port: 8080, sitesPort: 8081 } });
    expect(resolve({ port: 0 })).toMatchObject({ config: { port: 0, sitesPort: 0 } });
    expect(resolve({ sitesPort: 9000 }, { SITES_PORT: '9100' })).toMatchObject({ config: { sitesPort: 9000 } });
    expect(resolve({}, { SITES_PORT: '9100', SITES_URL: 'https://sites.example.com' })).toMatchObject({ config: { sitesPort: 9100, sitesUrl: 'https://sites.example.com' } });
    const same = resolve({ port: 4000, sitesPort: 4000 });
    expect(!same.ok && same.errors).toEqual([expect.stringMatching(/^--sites-port: must differ from --port \(4000\)/)]);
    const last = resolve({ port: 65535 });
    expect(!last.ok && last.errors).toEqual([expect.stringMatching(/^--sites-port: --port 65535 leaves no next port/)]);
    const sameOrigin = resolve({}, { PUBLIC_URL: 'https://clinic.example.com', SITES_URL: 'https://clinic.example.com/sites/' });
    expect(!sameOrigin.ok && sameOrigin.errors).toEqual([expect.stringMatching(/^SITES_URL: must name another host than PUBLIC_URL \(both are clinic.example.com\)/)]);
  });

  it('refuses SITES_URL on the host of PUBLIC_URL under another scheme: hosted pages would pass host checks', () => {
    const downgraded = resolve({}, { PUBLIC_URL: 'https://clinic.example.com', SITES_URL: 'http://clinic.example.com' });
    expect(downgraded.ok).toBe(false);
    expect(!downgraded.ok && downgraded.errors).toEqual([
      expect.stringMatching(/^SITES_URL: must name another host than PUBLIC_URL \(both are clinic.example.com\).*Give SITES_URL its own name or port/),
    ]);
    // Another port is another host, and so is another name.
    expect(resolve({}, { PUBLIC_URL: 'https://clinic.example.com', SITES_URL: 'https://clinic.example.com:8443' }).ok).toBe(true);
    expect(resolve({}, { PUBLIC_URL: 'https://clinic.example.com', SITES_URL: 'https://sites.clinic.example.com' }).ok).toBe(true);
  });

  it('reads ALLOWED_HOSTS as lower-cased names, naming a bad entry', () => {
    expect(resolve({}, { ALLOWED_HOSTS: 'Clinic.LAN, clinic.lan:8080,[::1]:3000' })).toMatchObject({ config: { allowedHosts: ['clinic.lan', 'clinic.lan:8080', '[::1]:3000'] } });
    const bad = resolve({}, { ALLOWED_HOSTS: 'https://clinic.lan/' });
    expect(!bad.ok && bad.errors[0]).toMatch(/^ALLOWED_HOSTS: "https:\/\/clinic.lan\/" is not a host name/);
  });

  it('names each bad flag and each bad variable together', () => {
    const r = resolve({ port: 70000, rateLimit: -1 }, { TRUST_PROXY: 'my-proxy' });
    expect(!r.ok && r.errors).toEqual([
      expect.stringMatching(/^TRUST_PROXY: /),
      '--port: expected a whole number from 0 to 65535',
      '--rate-limit: expected a whole number (0 lifts the limit)',
    ]);
  });

  it('resolves mail only from a complete set, with SMTP options read from SMTP_URL', () => {
    const r = resolve({}, { SMTP_URL: 'smtps://u:p%40ss@mail.example.com', MAIL_FROM: 'site@example.com', NOTIFY_TO: 'desk@example.com', PUBLIC_URL: 'https://clinic.example.com' });
    expect(r).toMatchObject({
      config: {
        mail: { from: 'site@example.com', to: 'desk@example.com', publicUrl: 'https://clinic.example.com', smtp: { host: 'mail.example.com', port: 465, secure: true, auth: { user: 'u', pass: 'p@ss' } } },
      },
    });
    expect(resolve({}, { SMTP_URL: 'smtp://mail.example.com' }).ok).toBe(false);
  });
});

describe('isLoopbackHost', () => {
  it('knows which hosts are loopback', () => {
    expect(['127.0.0.1', 'localhost', '::1', '[::1]'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '::', '192.168.1.10'].some(isLoopbackHost)).toBe(false);
  });
});
