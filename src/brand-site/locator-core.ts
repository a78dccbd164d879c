/*
 * The "find your clinic" box's logic, shared by the browser island (islands/locator.ts), the
 * build (zip-table.ts writes what decodeZipTable reads) and the tests. No DOM, no Node: it runs in
 * both, and esbuild keeps only what the island reads.
 *
 * The ZIP table (decision 020) is text, one ZIP Code Tabulation Area a line, ascending:
 *
 *   zips1 <count>
 *   <zip - previous zip>,<lat - previous lat>,<lon - previous lon>
 *   ...
 *
 * latitude and longitude in thousandths of a degree (about 110 m), each line's numbers the
 * differences from the line before (the first from 0): neighbouring ZIPs are neighbours on the
 * map, so most numbers are two or three digits and gzip finds the rest.
 */

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
export const ZIP_TABLE_FORMAT = 'zips1';
/** Coordinates are stored as integers of 1/ZIP_TABLE_SCALE degree. */
export const ZIP_TABLE_SCALE = 1000;

/** A point on the map, in degrees (WGS 84, as the Census gazetteer and the Geolocation API give). */
export interface Point {
  latitude: number;
  longitude: number;
}

/** A decoded ZIP table: ZIPs ascending, each with its centroid in thousandths of a degree. */
export interface ZipTable {
  zips: Int32Array;
  lat: Int32Array;
  lon: Int32Array;
}

/** Reads a ZIP table; undefined when the text is not one (a wrong or truncated file). */
export function decodeZipTable(text: string): ZipTable | undefined {
  const lines = text.split('\n');
  const [format, countText] = (lines[0] ?? '').split(' ');
  const count = Number(countText);
  if (format !== ZIP_TABLE_FORMAT || !Number.isInteger(count) || count < 0 || lines.length < count + 1) return undefined;
  const table: ZipTable = { zips: new Int32Array(count), lat: new Int32Array(count), lon: new Int32Array(count) };
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

/** The centroid of a five-digit ZIP in the table, or undefined when the table has not got it. */
export function zipPoint(table: ZipTable, zip: string): Point | undefined {
  const n = Number(zip);
  let lo = 0;
  let hi = table.zips.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const z = table.zips[mid]!;
    if (z === n) return { latitude: table.lat[mid]! / ZIP_TABLE_SCALE, longitude: table.lon[mid]! / ZIP_TABLE_SCALE };
    if (z < n) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
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
  | { ok: false; error: 'not-found'; zip: string };

/**
 * The locations nearest to what a person typed in the ZIP box: `invalid` when it is not a ZIP,
 * `not-found` when the table (the states with locations) has not got it.
 */
export function nearest<T extends Placed>(input: string, table: ZipTable, locations: readonly T[]): NearestResult<T> {
  const zip = normalizeZip(input);
  if (!zip) return { ok: false, error: 'invalid', input };
  const from = zipPoint(table, zip);
  if (!from) return { ok: false, error: 'not-found', zip };
  return { ok: true, zip, ranked: rankByDistance(from, locations) };
}

/** "less than 1 mile", "1 mile", "4 miles", "1,204 miles". */
export function formatMiles(miles: number): string {
  if (miles < 0.5) return 'less than 1 mile';
  const n = Math.round(miles);
  return n === 1 ? '1 mile' : `${n.toLocaleString('en-US')} miles`;
}

/* The box's messages (decision 007's kind of entry: what happened and what to do next). */
export const locatorTexts = {
  invalid: 'Enter a 5-digit ZIP code, like 33607.',
  notFound: (zip: string) => `We have no clinic near ZIP code ${zip}, or it is not a ZIP code we know. Check it, or choose a clinic from the list.`,
  loadFailed: 'The list of ZIP codes did not load. Check your connection and try again.',
  locating: 'Finding your location…',
  geoDenied: 'Your browser did not share your location. Enter your ZIP code instead.',
  geoFailed: 'Your location could not be found. Enter your ZIP code instead.',
  /** The live region's line after a search: "Nearest to 33544: Wesley Chapel, 4 miles." */
  nearestTo: (place: string, name: string, miles?: string) => `Nearest to ${place}: ${name}${miles ? `, ${miles}` : ''}.`,
  yourLocation: 'your location',
} as const;
