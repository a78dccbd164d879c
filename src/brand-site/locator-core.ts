/*
 * The "find your clinic" box's logic, shared by the browser island (islands/locator.ts), the
 * build (zip-table.ts writes with encodeZipTable what decodeZipTable reads) and the tests. No DOM,
 * no Node: it runs in both, and esbuild keeps only what the island reads.
 *
 * A ZIP table (decision 020) is text, one ZIP Code Tabulation Area a line, ascending:
 *
 *   zips2 <count> <scale>
 *   <zip - previous zip>,<lat - previous lat>,<lon - previous lon>
 *   ...
 *
 * latitude and longitude in 1/scale degree (thousandths, about 110 m, for the listed states;
 * hundredths for the national table), each line's numbers the differences from the line before
 * (the first from 0): neighbouring ZIPs are neighbours on the map, so most numbers are two or three
 * digits and gzip finds the rest.
 */

import { finderContactNearest, finderFarNearest, finderLessThanAMile, finderMiles, finderNearestTo } from '../texts/finder.js';
import type * as FinderTexts from '../texts/finder.js';
import type { Message } from '../texts/message.js';

/** The finder's texts an answer says (src/texts/finder.ts, or its Spanish counterpart in texts/es/): English when not given. */
export type AnswerTexts = Pick<typeof FinderTexts, 'finderContactNearest' | 'finderFarNearest' | 'finderLessThanAMile' | 'finderMiles' | 'finderNearestTo'>;
const ENGLISH: AnswerTexts = { finderContactNearest, finderFarNearest, finderLessThanAMile, finderMiles, finderNearestTo };

/** The ids of the box's parts: locator-markup.tsx renders them, islands/locator.ts finds them (one box a page). */
export const LOCATOR_IDS = {
  root: 'find-your-clinic',
  title: 'find-your-clinic-title',
  zip: 'locator-zip',
  geo: 'locator-geo',
  status: 'locator-status',
  states: 'locator-states',
  results: 'locator-results',
  resultsTitle: 'locator-results-title',
} as const;

/** The first word of a ZIP table: its format, so a table of another format is refused, not misread. */
export const ZIP_TABLE_FORMAT = 'zips2';
/** Coordinates of the listed states' table are integers of 1/ZIP_TABLE_SCALE degree (about 110 m); the national one's of 1/100 (1.1 km). */
export const ZIP_TABLE_SCALE = 1000;

/** A point on the map, in degrees (WGS 84, as the Census gazetteer and the Geolocation API give). */
export interface Point {
  latitude: number;
  longitude: number;
}

/** A decoded ZIP table: ZIPs ascending, each with its centroid in 1/scale degree. */
export interface ZipTable {
  zips: Int32Array;
  lat: Int32Array;
  lon: Int32Array;
  scale: number;
}

/**
 * Writes a ZIP table: `zips2 <count> <scale>`, then a line a ZIP, ascending, each number the
 * difference from the line before. `points` must be sorted by ZIP, five digits each.
 */
export function encodeZipTable(points: readonly (readonly [zip: string, point: Point])[], scale: number = ZIP_TABLE_SCALE): string {
  const lines = [`${ZIP_TABLE_FORMAT} ${points.length} ${scale}`];
  let prev = { zip: 0, lat: 0, lon: 0 };
  for (const [zip, p] of points) {
    const next = { zip: Number(zip), lat: Math.round(p.latitude * scale), lon: Math.round(p.longitude * scale) };
    lines.push(`${next.zip - prev.zip},${next.lat - prev.lat},${next.lon - prev.lon}`);
    prev = next;
  }
  return `${lines.join('\n')}\n`;
}

/** Reads a ZIP table; undefined when the text is not one (a wrong or truncated file). */
export function decodeZipTable(text: string): ZipTable | undefined {
  const lines = text.split('\n');
  const [format, countText, scaleText] = (lines[0] ?? '').split(' ');
  const count = Number(countText);
  const scale = Number(scaleText);
  if (format !== ZIP_TABLE_FORMAT || !Number.isInteger(count) || count < 0 || !(scale > 0) || lines.length < count + 1) return undefined;
  const table: ZipTable = { zips: new Int32Array(count), lat: new Int32Array(count), lon: new Int32Array(count), scale };
  let zip = 0;
  let lat = 0;
  let lon = 0;
  for (let i = 0; i < count; i++) {
    const [dz, dlat, dlon] = lines[i + 1]!.split(',').map(Number);
    zip += dz!;
    lat += dlat!;
    lon += dlon!;
    // A NaN (a cut or garbled line) poisons every sum after it: one check at the end of each line.
    if (!(zip > 0 && Number.isFinite(lat) && Number.isFinite(lon))) return undefined;
    table.zips[i] = zip;
    table.lat[i] = lat;
    table.lon[i] = lon;
  }
  return table;
}

/** The index of the first ZIP in the table not below `n` (the table's length when none). */
function lowerBound(table: ZipTable, n: number): number {
  let lo = 0;
  let hi = table.zips.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (table.zips[mid]! < n) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The centroid of a five-digit ZIP in the table, or undefined when the table has not got it. */
export function zipPoint(table: ZipTable, zip: string): Point | undefined {
  const n = Number(zip);
  const i = lowerBound(table, n);
  if (table.zips[i] !== n) return undefined;
  return { latitude: table.lat[i]! / table.scale, longitude: table.lon[i]! / table.scale };
}

/**
 * Whether the table holds any ZIP of this ZIP's three-digit prefix (its USPS sectional center). A
 * brand site's table holds every ZIP of the prefixes of its states (zip-table.ts): a ZIP it has not
 * got, of a prefix it has, is in no table; one of a prefix it has not is in another state.
 */
export function hasPrefix(table: ZipTable, zip: string): boolean {
  const first = Math.floor(Number(zip) / 100) * 100;
  const i = lowerBound(table, first);
  return i < table.zips.length && table.zips[i]! < first + 100;
}

/**
 * The five-digit ZIP a person meant, or undefined: spaces anywhere are dropped and a ZIP+4
 * (`33607-1234`, `33607 1234`, `336071234`) gives its first five digits.
 */
export function normalizeZip(input: string): string | undefined {
  const m = /^(\d{5})(?:-?\d{4})?$/.exec(input.replace(/\s+/g, ''));
  return m?.[1];
}

const EARTH_RADIUS_MILES = 3958.8;
const RAD = Math.PI / 180;

/** Great-circle distance in miles (haversine): as the crow flies, not by road. */
export function distanceMiles(a: Point, b: Point): number {
  const dLat = (b.latitude - a.latitude) * RAD;
  const dLon = (b.longitude - a.longitude) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * RAD) * Math.cos(b.latitude * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A place the box lists: coordinates when known (a location without them is listed last). */
export interface Placed {
  latitude?: number | undefined;
  longitude?: number | undefined;
}

export interface Ranked<T> {
  location: T;
  /** Miles from the person; undefined for a location without coordinates. */
  miles: number | undefined;
}

/** The locations by distance from `from`, nearest first; ties and those without coordinates keep their order. */
export function rankByDistance<T extends Placed>(from: Point, locations: readonly T[]): Ranked<T>[] {
  return locations
    .map((location, i) => ({
      location,
      i,
      miles:
        location.latitude === undefined || location.longitude === undefined
          ? undefined
          : distanceMiles(from, { latitude: location.latitude, longitude: location.longitude }),
    }))
    .sort((a, b) => (a.miles ?? Infinity) - (b.miles ?? Infinity) || a.i - b.i)
    .map(({ location, miles }) => ({ location, miles }));
}

/** What a ZIP search gives: the ranking, or why there is none. */
export type NearestResult<T> =
  | { ok: true; zip: string; ranked: Ranked<T>[] }
  | { ok: false; error: 'invalid'; input: string }
  | { ok: false; error: 'not-found' | 'elsewhere'; zip: string };

/**
 * The locations nearest to what a person typed in the ZIP box: `invalid` when it is not a ZIP;
 * `elsewhere` when the table has no ZIP of its prefix (another state's: the national table may
 * have it); `not-found` when the table should have it and has not (no such ZIP, or one without an
 * area on the map: PO boxes, a single business).
 */
export function nearest<T extends Placed>(input: string, table: ZipTable, locations: readonly T[]): NearestResult<T> {
  const zip = normalizeZip(input);
  if (!zip) return { ok: false, error: 'invalid', input };
  const from = zipPoint(table, zip);
  if (!from) return { ok: false, error: hasPrefix(table, zip) ? 'not-found' : 'elsewhere', zip };
  return { ok: true, zip, ranked: rankByDistance(from, locations) };
}

/** "less than 1 mile", "1 mile", "4 miles", "1,204 miles". */
export function formatMiles(miles: number): string {
  return milesIn(miles, ENGLISH);
}

/** formatMiles in a language's texts: "4 millas" (es-US writes numbers as en-US: "1,204 millas"). */
export function milesIn(miles: number, texts: AnswerTexts): string {
  if (miles < 0.5) return texts.finderLessThanAMile.title;
  return texts.finderMiles(Math.round(miles).toLocaleString('en-US')).title;
}

/**
 * Past this many miles (about an hour's drive) the nearest clinic is far: the answer says so, with
 * the brand, the clinic's place and its distance, and offers its contact form, instead of "Nearest
 * to ...", as if it were around the corner.
 */
export const FAR_MILES = 50;

/** A location as the answer names it. */
export interface Answerable {
  /** The list's name for it: the city, `Tampa`. */
  name: string;
  /** Its city and state, `Tampa, FL`: how a far answer names it. */
  place: string;
  /** Its contact form, when it has one: the far answer links it. */
  contact?: string | undefined;
}

/** The answer's live line: its sentence, and for a far clinic the link to its contact form. */
export interface Answer {
  line: string;
  far: boolean;
  contact?: { href: string; text: string };
}

/**
 * What the live line says after a search from `where` (a ZIP, or finderYourLocation): the nearest
 * location and its distance, or, when it is more than FAR_MILES away, that the nearest of the
 * brand's clinics is that far, with its contact form. Undefined when there is no location.
 */
export function answerFor<T extends Answerable>(where: string, brand: string, ranked: readonly Ranked<T>[], texts: AnswerTexts = ENGLISH): Answer | undefined {
  const best = ranked[0];
  if (!best) return undefined;
  const { location, miles } = best;
  if (miles === undefined || miles <= FAR_MILES) {
    return { line: texts.finderNearestTo(where, location.name, miles === undefined ? '' : milesIn(miles, texts)).title, far: false };
  }
  return {
    line: texts.finderFarNearest(brand, location.place, milesIn(miles, texts)).title,
    far: true,
    ...(location.contact ? { contact: { href: location.contact, text: texts.finderContactNearest(location.name).title } } : {}),
  };
}

/** A message of the catalogue as the live line shows it: its title, message and hint, in one line. */
export function line(m: Message): string {
  return [m.title, m.message, m.hint].filter(Boolean).join(' ');
}
