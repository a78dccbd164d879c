import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomFillSync } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { KEY_BYTES, parseKeyText } from '../settings/key-text.js';

// The key's size and how DATA_KEY is written are the settings' rules (checked at start-up, settings/env.ts).
export { KEY_BYTES, parseKeyText } from '../settings/key-text.js';

/**
 * The server's data key (docs/decisions/017-staff-accounts.md): one key-encryption key that
 * protects every secret the server keeps (TOTP secrets and the audit chain's key; patients'
 * messages next). It never enters the store: the store keeps only its id, a fingerprint that
 * tells a wrong key from the right one before anything is written.
 */
export interface DataKey {
  /** 16 hex characters: HMAC-SHA256 of a fixed label under the key, cut short. */
  id: string;
  key: Buffer;
}

/** Keys the server can open with: the current one, and while a rotation runs the previous one. */
export interface KeyRing {
  current: DataKey;
  previous?: DataKey;
}


/** The key's id: the same key gives the same id on every server, another key another id. */
export function keyId(key: Buffer): string {
  return createHmac('sha256', key).update('clinic-gen data key id v1').digest('hex').slice(0, 16);
}

export function dataKey(key: Buffer): DataKey {
  if (key.length !== KEY_BYTES) throw new Error(`a data key is ${KEY_BYTES} bytes, not ${key.length}`);
  return { id: keyId(key), key };
}

/** Where a single server keeps the key it made itself: the user's configuration folder, never the data folder. */
export function defaultKeyFile(env: Record<string, string | undefined>): string {
  const config = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(config, 'clinic-gen', 'data-key');
}

export type KeySource = { kind: 'env' } | { kind: 'file'; path: string } | { kind: 'created'; path: string } | { kind: 'found'; path: string };

/**
 * The data key from DATA_KEY or DATA_KEY_FILE; else, when `mayCreate` (one server on SQLite), the
 * key file in the user's configuration folder, made (mode 0600) when missing. Throws a message
 * naming the setting when the key cannot be had.
 */
export function loadDataKey(o: { env: Record<string, string | undefined>; mayCreate: boolean }): { key: DataKey; previous?: DataKey; source: KeySource } {
  const { env } = o;
  const previous = previousKey(env);
  if (env.DATA_KEY) return { key: fromText(env.DATA_KEY, 'DATA_KEY'), previous, source: { kind: 'env' } };
  if (env.DATA_KEY_FILE) return { key: keyFile('DATA_KEY_FILE', env.DATA_KEY_FILE), previous, source: { kind: 'file', path: env.DATA_KEY_FILE } };
  if (!o.mayCreate) {
    throw new Error('DATA_KEY: required with DATABASE_URL: every server of a group must be given the same key (DATA_KEY, 32 bytes in base64, or DATA_KEY_FILE); make one with: openssl rand -base64 32');
  }
  const path = defaultKeyFile(env);
  if (existsSync(path)) return { key: fromText(readFileSync(path, 'utf8'), `the key file ${path}`), previous, source: { kind: 'found', path } };
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const key = randomBytes(KEY_BYTES);
  // wx: two servers starting at once on one machine must not each write a key; the loser reads the winner's.
  try {
    writeFileSync(path, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return { key: fromText(readFileSync(path, 'utf8'), `the key file ${path}`), previous, source: { kind: 'found', path } };
    throw new Error(`DATA_KEY_FILE: cannot create the data key at ${path} (${(err as NodeJS.ErrnoException).code ?? String(err)}); set DATA_KEY or DATA_KEY_FILE`);
  }
  chmodSync(path, 0o600);
  return { key: dataKey(key), previous, source: { kind: 'created', path } };
}

/** DATA_KEY_PREVIOUS, or the file DATA_KEY_PREVIOUS_FILE names (systemd's credentials), as DATA_KEY and DATA_KEY_FILE. */
function previousKey(env: Record<string, string | undefined>): DataKey | undefined {
  if (env.DATA_KEY_PREVIOUS) return fromText(env.DATA_KEY_PREVIOUS, 'DATA_KEY_PREVIOUS');
  return env.DATA_KEY_PREVIOUS_FILE ? keyFile('DATA_KEY_PREVIOUS_FILE', env.DATA_KEY_PREVIOUS_FILE) : undefined;
}

/** The key in the file a setting names (`DATA_KEY_FILE`, `DATA_KEY_PREVIOUS_FILE`); an error names the setting and the file. */
function keyFile(setting: string, path: string): DataKey {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new Error(`${setting}: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  return fromText(text, `${setting} (${path})`);
}

/**
 * The keys a running server can be given again without a restart: what its key files hold now
 * (DATA_KEY_FILE, DATA_KEY_PREVIOUS_FILE, or the key file it found), read again; a key given in
 * the environment cannot change under a running process. Nothing is made; a file that cannot be
 * read gives nothing.
 */
export function keysOnFile(env: Record<string, string | undefined>): DataKey[] {
  const current = env.DATA_KEY ? undefined : (env.DATA_KEY_FILE ?? defaultKeyFile(env));
  const files = [current, env.DATA_KEY_PREVIOUS_FILE].filter((f): f is string => Boolean(f));
  const out: DataKey[] = [];
  for (const f of files) {
    try {
      out.push(fromText(readFileSync(f, 'utf8'), f));
    } catch {
      // unreadable or not a key now: nothing to adopt from it
    }
  }
  return out;
}

function fromText(text: string, setting: string): DataKey {
  const parsed = parseKeyText(text);
  if (!parsed.ok) throw new Error(`${setting}: ${parsed.error}`);
  return dataKey(parsed.key);
}

/** Bytes refilled at once by freshRandom: a sealed message draws 56 of them, so about 70 messages a fill. */
const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafeSlow(POOL_BYTES);
let poolAt = POOL_BYTES;

/**
 * `n` random bytes for keys and nonces, from the same generator as randomBytes but drawn out of a
 * pool filled in bulk: a randomBytes call costs a few microseconds whatever its size, and the
 * three a sealed message took were 4-6 µs of the 19-25 µs sealing it cost. Each byte of the pool
 * is handed out once, as a copy (a later refill never changes a key still in use), and zeroed
 * there: the pool keeps no key it gave.
 */
export function freshRandom(n: number): Buffer {
  if (n > POOL_BYTES) return randomBytes(n);
  if (poolAt + n > POOL_BYTES) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const out = Buffer.from(pool.subarray(poolAt, poolAt + n));
  pool.fill(0, poolAt, poolAt + n);
  poolAt += n;
  return out;
}

/**
 * Encrypts `plain` under the ring's current key: AES-256-GCM, a random 96-bit nonce, `context`
 * bound as associated data (a wrapped value moved to another row or purpose fails to open).
 * Written `v1.<key id>.<nonce>.<ciphertext+tag>`, base64url: the key id lets a rotation find
 * what an old key wrapped.
 */
export function seal(ring: KeyRing, plain: Buffer | string, context: string): string {
  const { id, key } = ring.current;
  const nonce = freshRandom(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(typeof plain === 'string' ? Buffer.from(plain, 'utf8') : plain), cipher.final(), cipher.getAuthTag()]);
  return `v1.${id}.${nonce.toString('base64url')}.${body.toString('base64url')}`;
}

/** Opens what seal wrote, with whichever key of the ring it names; throws when it was altered, moved or wrapped by an unknown key. */
export function open(ring: KeyRing, sealed: string, context: string): Buffer {
  const [version, id, nonceText, bodyText] = sealed.split('.');
  if (version !== 'v1' || !id || !nonceText || !bodyText) throw new Error('not a sealed value');
  const key = [ring.current, ring.previous].find((k) => k?.id === id);
  if (!key) throw new Error(`sealed with key ${id}, which this server was not given`);
  const body = Buffer.from(bodyText, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(nonceText, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(body.subarray(body.length - 16));
  return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]);
}

/** The id of the key a sealed value names. */
export function sealedKeyId(sealed: string): string | undefined {
  return sealed.split('.')[1];
}
