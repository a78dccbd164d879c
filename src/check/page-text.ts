import { citySlug } from '../config/slug.js';
import { lookupState } from '../config/states.js';
import type { ClinicConfig } from '../config/schema.js';

/**
 * What a search engine compares on a page: the title, the meta description and the visible text
 * of the body without the header and navigation (the same on every page of every city, so they only
 * dilute the figure; SEO crawlers leave them out of near-duplicate checks for the same reason).
 * The HTML is our own renderer's output, well-formed and without nesting of these elements, which
 * is why a few regular expressions are enough here.
 */
export function pageText(html: string): string {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
  const body = (/<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '')
    .replace(/<(header|nav|script|style|svg|template)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ');
  return decodeEntities(`${title} ${description} ${body}`);
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return NAMED[e.toLowerCase()] ?? m;
  });
}

/**
 * The values of a config that differ from city to city by nature (names, contact details). They
 * are replaced by placeholders before comparing, so two sites that differ only by them compare as
 * the same text: that is exactly what a search engine sees as a doorway page.
 */
export function configValues(config: ClinicConfig): Record<string, string[]> {
  const state = lookupState(config.state);
  const host = (url?: string) => (url ? new URL(url).host : undefined);
  const values: Record<string, (string | undefined)[]> = {
    city: [config.city, citySlug(config.city)],
    state: [state?.name, state?.code, config.state],
    business: [config.businessName],
    address: [config.address],
    zip: [config.zipCode],
    phone: [config.phone],
    email: [config.email],
    domain: [config.domainName, host(config.website)],
  };
  const out: Record<string, string[]> = {};
  for (const [k, vs] of Object.entries(values)) out[k] = [...new Set(vs.filter((v): v is string => Boolean(v && v.trim())))];
  return out;
}

/** The lower-cased words of a text: letters and digits, with apostrophes inside a word kept (`men's`). */
export function words(text: string): string[] {
  // The same words, faster on our pages (English, whose only other characters are signs like ©
  // and dashes): a character other than a letter or a digit ends a word whatever it is, so those
  // are made spaces, and a text then all ASCII (lower-cased: no A-Z) is split by the ASCII class,
  // which is the Unicode one on ASCII. The doorway check reads every page through here.
  let letters = false;
  const lower = text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[^\x00-\x7f]/gu, (c) => (/[\p{L}\p{N}]/u.test(c) ? ((letters = true), c) : ' '));
  return (letters ? lower.match(/[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu) : lower.match(/[a-z0-9]+(?:'[a-z0-9]+)*/g)) ?? [];
}

/** A word-by-word trie of config values: a value is a run of words, its end holds its placeholder. */
interface Trie {
  next: Map<string, Trie>;
  placeholder?: string;
}

/**
 * A function giving the lower-cased words of a text with every config value replaced by its
 * placeholder (`cityplaceholder`). Values are matched as runs of whole words, longest first, so
 * `Northstar Men's Health` wins over a city name inside it and `tampa@example.com` over `Tampa`;
 * punctuation does not matter (`(813) 555-0142` is found in `813-555-0142`). A trie of words keeps
 * this one pass over the text with the values of a thousand cities.
 */
export function normaliser(values: Record<string, string[]>[]): (text: string) => string[] {
  return normaliserOf(placeholders(values));
}

/**
 * Every value's words (joined by one space) with its placeholder: the first kind that names a run
 * of words gives it its placeholder. Two checks whose maps are equal read every text alike; a text
 * reads alike under two maps when no run of words the maps differ on occurs in it (check-cache.ts).
 */
export function placeholders(values: Record<string, string[]>[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const v of values) {
    for (const [kind, vs] of Object.entries(v)) {
      for (const value of vs) {
        const ws = words(value);
        if (ws.length === 0) continue;
        const key = ws.join(' ');
        if (!out.has(key)) out.set(key, `${kind}placeholder`);
      }
    }
  }
  return out;
}

/**
 * The normaliser of a map made by `placeholders`. With `seen`, every word a text is read with
 * (before its values are replaced) is added to it: what a cache needs to tell whether the text
 * would read otherwise under another map.
 */
export function normaliserOf(map: ReadonlyMap<string, string>, seen?: Set<string>): (text: string) => string[] {
  const root: Trie = { next: new Map() };
  for (const [key, placeholder] of map) {
    let node = root;
    for (const w of key.split(' ')) {
      let child = node.next.get(w);
      if (!child) node.next.set(w, (child = { next: new Map() }));
      node = child;
    }
    node.placeholder ??= placeholder;
  }
  return (text) => {
    const ws = words(text);
    if (seen) for (const w of ws) seen.add(w);
    if (root.next.size === 0) return ws;
    const out: string[] = [];
    for (let i = 0; i < ws.length; ) {
      let node = root.next.get(ws[i]!);
      let end = -1;
      let placeholder = '';
      for (let j = i; node; ) {
        j++;
        if (node.placeholder) {
          end = j;
          placeholder = node.placeholder;
        }
        node = j < ws.length ? node.next.get(ws[j]!) : undefined;
      }
      if (end < 0) out.push(ws[i++]!);
      else {
        out.push(placeholder);
        i = end;
      }
    }
    return out;
  };
}
