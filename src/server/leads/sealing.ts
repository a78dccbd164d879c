import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { freshRandom, KEY_BYTES, open, seal, type KeyRing } from '../crypto/data-key.js';
import type { NewMessage } from './store.js';

/**
 * Patients' words at rest (issue 22): what a patient typed (names, email, phone, the service
 * chosen, the message) is sealed before it reaches a store, with AES-256-GCM under a key of the
 * message's own, itself wrapped by the server's data key (crypto/data-key.ts). The message's id,
 * city and time are its associated data: a ciphertext moved to another row fails to open. Exact
 * lookup by email, phone or name goes through keyed hashes (HMAC-SHA256 under the search key,
 * sealed in the store by the data key), over normalized values. Search (issue 37) goes through
 * keyed tokens under the same key (searchTokens): each word of the first and last names, the
 * email, and every run of 4 digits of the phone number; a candidate they find is opened and
 * checked before it is shown (leads/search.ts), so a token's collision never shows.
 */
export interface PatientFields {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  service: string;
  message: string;
}

/** The columns a sealed message writes instead of the patient's words in clear. */
export interface SealedColumns {
  sealed: string;
  sealedKey: string;
  emailIndex: string;
  phoneIndex: string;
  nameIndex: string;
  /** The search tokens of the message (MessageSealer.searchTokens), stored beside it in `message_search`. */
  searchTokens: string[];
}

/** Where a message is: bound to its ciphertext. */
export interface MessagePlace {
  id: string;
  site: string;
  receivedAt: string;
}

export interface MessageSealer {
  seal(place: MessagePlace, fields: PatientFields): SealedColumns;
  /** Throws when the ciphertext was changed, moved to another row, or wrapped by a key this server was not given. */
  open(place: MessagePlace, sealed: string, sealedKey: string): PatientFields;
  /** Seals a staff note of a message under the message's own key (sealedKey as stored with it); the note's id is bound to it. */
  sealNote(place: MessagePlace, sealedKey: string, noteId: string, text: string): string;
  /** Opens a note sealed by sealNote; throws when it was changed or moved to another note or message. */
  openNote(place: MessagePlace, sealedKey: string, noteId: string, sealed: string): string;
  /** The keyed hash an Idempotency-Key compares: the same post gives the same hash, and the hash gives away nothing. */
  bodyHash(m: NewMessage): string;
  emailIndex(email: string): string;
  phoneIndex(phone: string): string;
  nameIndex(firstName: string, lastName: string): string;
  /** The keyed search tokens a message is found by: a word of its names, its email, 4 digits in a row of its phone. Distinct. */
  searchTokens(f: Pick<PatientFields, 'firstName' | 'lastName' | 'email' | 'phone'>): string[];
  /** The token of one word of a name (normalized as normalizeName does). */
  nameWordToken(word: string): string;
  /** The token of an email. */
  emailToken(email: string): string;
  /** The token of 4 digits in a row of a phone number. */
  digitsToken(fourDigits: string): string;
}

const VERSION = 'm1';
/** Characters of a search token kept (base64url: 16 = 96 bits). */
const TOKEN_CHARS = 16;
const NOTE_VERSION = 'n1';

export function createSealer(keys: KeyRing, searchKey: Buffer): MessageSealer {
  const mac = (purpose: string, value: string) => createHmac('sha256', searchKey).update(`${purpose}\n${value}`).digest('base64url');
  const aad = (p: MessagePlace) => Buffer.from(`message\n${p.id}\n${p.site}\n${p.receivedAt}`, 'utf8');
  const keyContext = (p: MessagePlace) => `message-key:${p.id}`;
  const noteAad = (p: MessagePlace, noteId: string) => Buffer.from(`note\n${p.id}\n${p.site}\n${noteId}`, 'utf8');
  const messageKey = (place: MessagePlace, sealedKey: string) => {
    try {
      return open(keys, sealedKey, keyContext(place));
    } catch (err) {
      if (/was not given/.test((err as Error).message)) throw err;
      throw new Error(`message ${place.id}: its sealed key does not open here (changed, or moved from another message)`);
    }
  };
  const api: MessageSealer = {
    seal(place, f) {
      // The message's key and nonce in one draw (see freshRandom): sealing is on every contact post.
      const fresh = freshRandom(KEY_BYTES + 12);
      const key = fresh.subarray(0, KEY_BYTES);
      const nonce = fresh.subarray(KEY_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(aad(place));
      const plain = Buffer.from(JSON.stringify([f.firstName, f.lastName, f.email, f.phone, f.service, f.message]), 'utf8');
      const body = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
      return {
        sealed: `${VERSION}.${nonce.toString('base64url')}.${body.toString('base64url')}`,
        sealedKey: seal(keys, key, keyContext(place)),
        emailIndex: api.emailIndex(f.email),
        phoneIndex: api.phoneIndex(f.phone),
        nameIndex: api.nameIndex(f.firstName, f.lastName),
        searchTokens: api.searchTokens(f),
      };
    },
    open(place, sealed, sealedKey) {
      const [version, nonce, bodyText] = sealed.split('.');
      if (version !== VERSION || !nonce || !bodyText) throw new Error(`message ${place.id}: not a sealed message`);
      const key = messageKey(place, sealedKey);
      const body = Buffer.from(bodyText, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAAD(aad(place));
      decipher.setAuthTag(body.subarray(body.length - 16));
      let plain: Buffer;
      try {
        plain = Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]);
      } catch {
        throw new Error(`message ${place.id}: its sealed text does not open here (changed, or moved from another message)`);
      }
      const [firstName, lastName, email, phone, service, message] = JSON.parse(plain.toString('utf8')) as string[];
      return { firstName: firstName!, lastName: lastName!, email: email!, phone: phone!, service: service!, message: message! };
    },
    sealNote(place, sealedKey, noteId, text) {
      const key = messageKey(place, sealedKey);
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(noteAad(place, noteId));
      const body = Buffer.concat([cipher.update(Buffer.from(text, 'utf8')), cipher.final(), cipher.getAuthTag()]);
      return `${NOTE_VERSION}.${nonce.toString('base64url')}.${body.toString('base64url')}`;
    },
    openNote(place, sealedKey, noteId, sealed) {
      const [version, nonce, bodyText] = sealed.split('.');
      if (version !== NOTE_VERSION || !nonce || !bodyText) throw new Error(`note ${noteId}: not a sealed note`);
      const key = messageKey(place, sealedKey);
      const body = Buffer.from(bodyText, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAAD(noteAad(place, noteId));
      decipher.setAuthTag(body.subarray(body.length - 16));
      try {
        return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
      } catch {
        throw new Error(`note ${noteId}: its sealed text does not open here (changed, or moved from another note)`);
      }
    },
    bodyHash: (m) => mac('body', JSON.stringify([m.firstName, m.lastName, m.email, m.phone, m.service, m.message, m.site, m.page])),
    emailIndex: (email) => mac('email', normalizeEmail(email)),
    phoneIndex: (phone) => mac('phone', normalizePhone(phone)),
    nameIndex: (first, last) => mac('name', normalizeName(`${first} ${last}`)),
    // Tokens are cut to 96 bits: a collision costs an opened candidate that fails the check, nothing more.
    nameWordToken: (word) => mac('search-word', word).slice(0, TOKEN_CHARS),
    emailToken: (email) => mac('search-email', normalizeEmail(email)).slice(0, TOKEN_CHARS),
    digitsToken: (four) => mac('search-digits', four).slice(0, TOKEN_CHARS),
    searchTokens(f) {
      const tokens = new Set<string>();
      for (const word of nameWords(`${f.firstName} ${f.lastName}`)) tokens.add(api.nameWordToken(word));
      if (normalizeEmail(f.email)) tokens.add(api.emailToken(f.email));
      for (const four of digitRuns(phoneDigits(f.phone))) tokens.add(api.digitsToken(four));
      return [...tokens];
    },
  };
  return api;
}

/** An email as looked up: trimmed, lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A phone number as looked up: E.164 (a ten-digit number is taken as North American, +1). */
export function normalizePhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return digits ? `+${digits}` : '';
}

/** A name as looked up: accents and case folded, spaces and punctuation between words made one space. */
export function normalizeName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a name as search sees them (normalizeName, split on its spaces): "Ortiz-Díaz" -> ortiz, diaz. */
export function nameWords(name: string): string[] {
  const n = normalizeName(name);
  return n ? n.split(' ') : [];
}

/** A stored phone number's digits as search sees them: those of normalizePhone (a ten-digit number with its leading 1). */
export function phoneDigits(phone: string): string {
  return normalizePhone(phone).replace(/\D/g, '');
}

/** The fewest digits a phone search takes, and the length of each run a phone number is indexed by. */
export const DIGIT_RUN = 4;

/** Every distinct run of DIGIT_RUN digits of `digits`, in order. */
export function digitRuns(digits: string): string[] {
  const runs = new Set<string>();
  for (let i = 0; i + DIGIT_RUN <= digits.length; i++) runs.add(digits.slice(i, i + DIGIT_RUN));
  return [...runs];
}
