import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Staff passwords (docs/decisions/017-staff-accounts.md): scrypt from node:crypto at OWASP's
 * parameters, and the rules a new password must pass. Nothing here logs or returns a password.
 */

/**
 * OWASP's scrypt parameters: N=2^17, r=8, p=1 take 128 MiB (128·N·r bytes) and a few hundred
 * milliseconds, which is what makes a stolen table slow to guess. Each hash holds its own
 * parameters, so they can be raised later and `needsRehash` says which hashes to redo at the
 * next sign-in.
 */
const LOG2_N = 17;
const R = 8;
const P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Node refuses scrypt above 32 MiB by default; twice what the current parameters need. */
const MAX_MEM = 256 * 1024 * 1024;

/** Bounds on the parameters `verifyPassword` accepts from a stored hash, so a corrupt row cannot ask for gigabytes. */
const LIMITS = { log2N: [10, 20], r: [1, 32], p: [1, 16], salt: [16, 64], key: [16, 64] } as const;

const MIN_LENGTH = 12;
const MAX_LENGTH = 1024;

/** What `passwordProblem` answers, one sentence each, written for the person choosing the password. */
export const PASSWORD_PROBLEMS = {
  tooShort: 'Use at least 12 characters; a passphrase of a few words is easiest to remember.',
  tooLong: 'Use at most 1,024 characters.',
  personal: 'Leave your email address and name out of your password: they are the first things a guesser tries.',
  pattern: 'Keys in a row or a few characters repeated are guessed quickly; a few unrelated words are stronger.',
  common: 'This password is on the lists of common passwords that guessers try first; a few unrelated words are stronger.',
} as const;

interface Encoded {
  log2N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

/**
 * `crypto.scrypt` as a promise. The callback form runs on libuv's thread pool: a hash takes a
 * few hundred milliseconds, which on the event loop (`scryptSync`) would stall every request.
 */
function scrypt(password: string, salt: Buffer, keyBytes: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password, salt, keyBytes, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * One password, however it was typed: NFKC folds the different byte sequences an "é" or a
 * full-width letter can arrive as (a Mac and a Windows keyboard differ) into one, as NIST SP
 * 800-63B asks. Applied alike when hashing, verifying and checking the rules.
 */
const normalized = (password: string): string => password.normalize('NFKC');

const derive = (password: string, e: Omit<Encoded, 'key'>, keyBytes: number): Promise<Buffer> =>
  scrypt(normalized(password), e.salt, keyBytes, { N: 2 ** e.log2N, r: e.r, p: e.p, maxmem: MAX_MEM });

/** A password's hash as stored: `scrypt$<log2 N>$<r>$<p>$<salt base64url>$<key base64url>`. */
export async function hashPassword(password: string): Promise<string> {
  const params = { log2N: LOG2_N, r: R, p: P, salt: randomBytes(SALT_BYTES) };
  const key = await derive(password, params, KEY_BYTES);
  return ['scrypt', LOG2_N, R, P, params.salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * Whether `password` is the one `encoded` was made from, compared in constant time. A stored
 * value that is no hash of ours (an account without a password, a corrupt row) answers false
 * after the same work as a real check, so its timing tells a guesser nothing either.
 */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const stored = decode(encoded);
  if (!stored) return verifyAgainstNothing(password);
  const key = await derive(password, stored, stored.key.length);
  return timingSafeEqual(key, stored.key);
}

/**
 * The work of one `verifyPassword` at the current parameters, for a sign-in whose email names
 * no account: an unknown email then takes as long as a known one with a wrong password, so the
 * answer's timing does not tell who has an account.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  await derive(password, { log2N: LOG2_N, r: R, p: P, salt: randomBytes(SALT_BYTES) }, KEY_BYTES);
  return false;
}

/** Whether a stored hash was made with weaker parameters than today's (or is no hash of ours), so the next successful sign-in should store a new one. */
export function needsRehash(encoded: string): boolean {
  const e = decode(encoded);
  if (!e) return true;
  return e.log2N < LOG2_N || e.r < R || e.p < P || e.salt.length < SALT_BYTES || e.key.length < KEY_BYTES;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const INTEGER = /^[1-9][0-9]{0,2}$/;

/** The parts of a stored hash, or undefined for anything that is not one within `LIMITS`. */
function decode(encoded: string): Encoded | undefined {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  if (![n, r, p].every((s) => INTEGER.test(s)) || !BASE64URL.test(salt) || !BASE64URL.test(key)) return undefined;
  const e: Encoded = { log2N: Number(n), r: Number(r), p: Number(p), salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
  const within = (value: number, [min, max]: readonly [number, number]) => value >= min && value <= max;
  const ok =
    within(e.log2N, LIMITS.log2N) &&
    within(e.r, LIMITS.r) &&
    within(e.p, LIMITS.p) &&
    within(e.salt.length, LIMITS.salt) &&
    within(e.key.length, LIMITS.key) &&
    128 * 2 ** e.log2N * e.r <= MAX_MEM;
  return ok ? e : undefined;
}

let commonPasswords: Set<string> | undefined;
/** About 49,000 common passwords (all lowercase), as a Set on first use: a check is a few lookups. */
const common = (): Set<string> => (commonPasswords ??= new Set(dictionary['passwords-common']));

/**
 * Sequences a run is taken along, each read both ways and round the end ("123456789012" is the
 * number row twice over; "qwertyuiopas" goes on into the next row of keys).
 */
const SEQUENCES = ['0123456789', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiopasdfghjklzxcvbnm'].flatMap((s) => [s, [...s].reverse().join('')]);

/** Whether every character of `text` follows the one before along one of `SEQUENCES`. */
function isRun(text: string): boolean {
  return SEQUENCES.some((seq) => {
    const start = seq.indexOf(text[0] ?? '');
    if (start < 0) return false;
    for (let i = 1; i < text.length; i++) if (text[i] !== seq[(start + i) % seq.length]) return false;
    return true;
  });
}

/** One to four characters over and over: "aaaaaaaaaaaa", "abababababab", "abcdabcdabcd". */
const REPEATED = /^(.{1,4}?)\1+$/su;
const TRAILING_DIGITS_AND_SYMBOLS = /[\p{N}\p{P}\p{S}\s]+$/u;
const TRAILING_SYMBOLS = /[\p{P}\p{S}\s]+$/u;

/** Email and name are only tested when at least this long: a short one would be found in too many good passwords. */
const MIN_PERSONAL = 4;

/**
 * Why `password` will not do for a new or changed password, as a sentence for the person
 * choosing it, or undefined when it will. The rules are the ones that stop real guessing
 * (NIST SP 800-63B): a length, no list of common passwords (with the digits and symbols people
 * add at the end taken off: "password123456" is "password"), no keyboard runs or repeats, and
 * not the account's own email or name. No rules about character classes: they make passwords
 * harder to remember, not harder to guess.
 */
export function passwordProblem(password: string, context: { email?: string; name?: string }): string | undefined {
  const text = normalized(password);
  const length = [...text].length;
  if (length < MIN_LENGTH) return PASSWORD_PROBLEMS.tooShort;
  if (length > MAX_LENGTH) return PASSWORD_PROBLEMS.tooLong;

  const lower = text.toLowerCase();
  const email = normalized(context.email ?? '').trim().toLowerCase();
  const local = email.slice(0, Math.max(0, email.lastIndexOf('@')));
  const name = normalized(context.name ?? '').trim().toLowerCase();
  const personal = [email, local, name, name.replace(/\s+/g, '')].filter((s) => s.length >= MIN_PERSONAL);
  if (personal.some((s) => lower.includes(s))) return PASSWORD_PROBLEMS.personal;

  // Symbols alone are left whole: there is no run or word to find in "#%&*;:?!)(@^".
  const withoutSymbols = lower.replace(TRAILING_SYMBOLS, '') || lower;
  if (isRun(withoutSymbols) || REPEATED.test(withoutSymbols)) return PASSWORD_PROBLEMS.pattern;

  const base = lower.replace(TRAILING_DIGITS_AND_SYMBOLS, '');
  const list = common();
  if (list.has(lower) || list.has(withoutSymbols) || (base && list.has(base))) return PASSWORD_PROBLEMS.common;
  return undefined;
}
