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

/**
 * A function giving the lower-cased words of a text with every config value replaced by its
 * placeholder (`cityplaceholder`). One pass of one regular expression: longer values come first
 * in it, so `Northstar Men's Health` wins over a city name inside it, and a value counts only
 * where it stands as a whole word.
 */
export function normaliser(values: Record<string, string[]>[]): (text: string) => string[] {
  const by = new Map<string, string>();
  for (const v of values) for (const [k, vs] of Object.entries(v)) for (const s of vs) by.set(s.toLowerCase(), ` ${k}placeholder `);
  const alternatives = [...by.keys()].sort((a, b) => b.length - a.length).map(escapeRe);
  const re = alternatives.length ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'gu') : undefined;
  return (text) => {
    let t = text.toLowerCase().replace(/[\u2018\u2019]/g, "'");
    if (re) t = t.replace(re, (m) => by.get(m) ?? m);
    return t.match(/[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu) ?? [];
  };
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
