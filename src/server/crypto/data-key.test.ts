import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dataKey, keyId, loadDataKey, open, parseKeyText, seal, sealedKeyId } from './data-key.js';
import { checkKeyId, serverSecrets, WrongDataKeyError, type MetaStore } from './server-keys.js';

const dir = mkdtempSync(join(tmpdir(), 'clinic-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ring = () => ({ current: dataKey(randomBytes(32)) });

describe('the data key', () => {
  it('reads 32 bytes of base64 and names what is wrong with anything else', () => {
    const key = randomBytes(32);
    expect(parseKeyText(`${key.toString('base64')}\n`)).toEqual({ ok: true, key });
    expect(parseKeyText(randomBytes(16).toString('base64'))).toMatchObject({ ok: false, error: expect.stringContaining('got 16 bytes') });
    expect(parseKeyText('not base64 at all!')).toMatchObject({ ok: false, error: expect.stringContaining('openssl rand -base64 32') });
  });

  it('has an id that is the same for the same key and differs for another', () => {
    const key = randomBytes(32);
    expect(keyId(key)).toBe(keyId(Buffer.from(key)));
    expect(keyId(key)).not.toBe(keyId(randomBytes(32)));
    expect(keyId(key)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('comes from DATA_KEY, DATA_KEY_FILE, or a file made once with mode 0600; never made with DATABASE_URL', () => {
    const text = randomBytes(32).toString('base64');
    expect(loadDataKey({ env: { DATA_KEY: text }, mayCreate: false }).source).toEqual({ kind: 'env' });
    const file = join(dir, 'given-key');
    writeFileSync(file, `${text}\n`);
    const fromFile = loadDataKey({ env: { DATA_KEY_FILE: file }, mayCreate: false });
    expect(fromFile.key.id).toBe(keyId(Buffer.from(text, 'base64')));
    expect(() => loadDataKey({ env: { DATA_KEY_FILE: join(dir, 'missing') }, mayCreate: false })).toThrow(/DATA_KEY_FILE: cannot read/);
    expect(() => loadDataKey({ env: {}, mayCreate: false })).toThrow(/DATA_KEY: required with DATABASE_URL/);
    const made = loadDataKey({ env: { XDG_CONFIG_HOME: dir }, mayCreate: true });
    expect(made.source).toEqual({ kind: 'created', path: join(dir, 'clinic-gen', 'data-key') });
    expect(statSync(join(dir, 'clinic-gen', 'data-key')).mode & 0o777).toBe(0o600);
    const again = loadDataKey({ env: { XDG_CONFIG_HOME: dir }, mayCreate: true });
    expect(again.source.kind).toBe('found');
    expect(again.key.id).toBe(made.key.id);
  });
});

describe('sealing', () => {
  it('opens what it sealed, with the same context, under the key it names', () => {
    const r = ring();
    const sealed = seal(r, 'JBSWY3DPEHPK3PXP', 'totp:account-1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealedKeyId(sealed)).toBe(r.current.id);
    expect(open(r, sealed, 'totp:account-1').toString()).toBe('JBSWY3DPEHPK3PXP');
    // Moved to another account's row, or altered, or under a key this server was not given: refused.
    expect(() => open(r, sealed, 'totp:account-2')).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0]! ^= 1;
    expect(() => open(r, [...parts.slice(0, 3), body.toString('base64url')].join('.'), 'totp:account-1')).toThrow();
    expect(() => open(ring(), sealed, 'totp:account-1')).toThrow(/was not given/);
    // During a rotation the previous key still opens what it sealed.
    const next = { current: dataKey(randomBytes(32)), previous: r.current };
    expect(open(next, sealed, 'totp:account-1').toString()).toBe('JBSWY3DPEHPK3PXP');
  });
});

describe('the store’s secrets', () => {
  const memoryMeta = (): MetaStore & { rows: Map<string, string> } => {
    const rows = new Map<string, string>();
    return { rows, get: async (k) => rows.get(k), putIfAbsent: async (k, v) => (rows.has(k) ? rows.get(k)! : (rows.set(k, v), v)) };
  };

  it('are made once, kept sealed, and opened again by the same key; another key is refused by name', async () => {
    const meta = memoryMeta();
    const r = ring();
    const first = await serverSecrets(meta, r);
    const second = await serverSecrets(meta, r);
    expect(second.auditKey.equals(first.auditKey)).toBe(true);
    expect(second.pepper.equals(first.pepper)).toBe(true);
    expect(first.pepper.equals(first.auditKey)).toBe(false);
    for (const v of meta.rows.values()) expect(v.includes(first.auditKey.toString('base64url'))).toBe(false);
    await expect(serverSecrets(meta, ring())).rejects.toBeInstanceOf(WrongDataKeyError);
    expect(() => checkKeyId(r.current.id, { current: dataKey(randomBytes(32)), previous: r.current })).not.toThrow();
  });
});
