import { spanishFallbacks } from '../config/translations.js';
import { CONTACT_API_PATH, type ClinicConfig } from '../config/schema.js';
import { privateEndpointHost } from '../config/endpoint.js';
import { buildInstant, buildYear, cityTimeZone, localDate } from '../config/time-zone.js';
import { fillSite, knownTemplates, type TemplateStore } from '../pages/site-files.js';
import { tokenize } from '../pages/template.js';
import { publishedLanguages, resolveSite, type Site } from '../pages/page-model.js';
import type { Placement } from '../pages/placement.js';
import type { AssetSource } from './asset-source.js';
import { cardCacheDir } from './cards/band-cache.js';
import { LogoDecodeError } from './cards/card-logo.js';
import { logoSize } from './cards/logo-size.js';
import { socialCards, type CardsResult } from './cards/social-cards.js';
import { siteFontFiles } from './fonts/site-fonts.js';
import type { SiteFiles } from '../model/files.js';
import { readPhotos } from './images/read-photos.js';
import { damagedLogo, readLogo, type SiteProblem } from './logo.js';

export type { SiteProblem } from './logo.js';

export type SiteResult = { ok: true; files: SiteFiles; warnings: SiteProblem[] } | { ok: false; errors: SiteProblem[] };

/** How a caller places the site, beyond what its config says. */
export interface SiteOptions {
  /**
   * Where the contact form posts, winning over the config's `contactEndpoint`: `build
   * --contact-endpoint`, or the admin's own URL. An absolute http(s) URL or a path.
   */
  contactEndpoint?: string;
  /**
   * The clinic server itself serves the site (`serve`), or it is only previewed (`dev`): without
   * an endpoint, the form posts to the server's own /api/contact.
   */
  servedByClinic?: boolean;
  /**
   * The folder where encoded photos are kept between runs (src/site/images/cache-dir.ts):
   * beside the config for the CLI, `<data>/cache/images` for the server. Absent: this process's
   * memory only.
   */
  imageCacheDir?: string;
  /** The HTML pages as UTF-8 bytes, not text (the same bytes): for a caller that only writes them (build). */
  htmlAsBytes?: boolean;
  /**
   * The instant the site is built at, which decides the special hours it shows (read as a day in
   * the city's time zone). Absent: SOURCE_DATE_EPOCH when set, else now (buildDay).
   */
  buildTime?: Date;
  /**
   * Where the site sits inside a brand site (issue 24, src/brand-site/): its pages link up to the
   * brand's and it leaves the sitemap, robots.txt and not-found page to the brand site.
   */
  placement?: Placement;
  /** Where compiled page templates are kept between runs (the CLI's build: src/build/template-cache.ts); absent, this process's memory only. */
  templates?: TemplateStore;
  /** A stand-alone site whose canonical address is elsewhere (its location on the brand site): canonical links point there. */
  canonicalUrl?: string;
}

/**
 * The build day of a city's site (`2026-11-26`): `buildTime`, else SOURCE_DATE_EPOCH, else now,
 * read in the city's time zone. The renderer reads no clock; this is where the day comes from.
 */
export function buildDay(config: Pick<ClinicConfig, 'state' | 'timeZone'>, buildTime?: Date): { ok: true; day: string; year: number } | { ok: false; error: SiteProblem };
export function buildDay(config: Pick<ClinicConfig, 'state' | 'timeZone'>, buildTime: Date | undefined, needed: boolean): { ok: true; day?: string; year: number } | { ok: false; error: SiteProblem };
/**
 * `needed` false: the instant is checked (a bad SOURCE_DATE_EPOCH is an error all the same) but no
 * day is read: the first reading in a time zone costs about 10 ms (ICU loads its rules), a tenth
 * of a rebuild of one city, and only special hours use the day. `year` is the instant's year in
 * UTC, as reproducible builds read SOURCE_DATE_EPOCH (buildYear): the footer's copyright year.
 */
export function buildDay(config: Pick<ClinicConfig, 'state' | 'timeZone'>, buildTime?: Date, needed = true): { ok: true; day?: string; year: number } | { ok: false; error: SiteProblem } {
  try {
    const instant = buildTime ?? buildInstant(process.env);
    return needed ? { ok: true, day: localDate(instant, cityTimeZone(config)), year: buildYear(instant) } : { ok: true, year: buildYear(instant) };
  } catch (err) {
    return { ok: false, error: { field: 'SOURCE_DATE_EPOCH', message: (err as Error).message.replace(/^SOURCE_DATE_EPOCH: /, '') } };
  }
}

/**
 * Where the site's form posts (NOTES.md decision 13, docs/decisions/011): `--contact-endpoint` or
 * the admin's own URL, else the config's `contactEndpoint`; a path (`/api/contact`, or build's
 * `--contact-endpoint same-origin`) says the clinic server itself serves the site. A site that
 * may go anywhere and names none is an error: its form would post to whatever host serves the
 * files, which answers with 404 or 501, and every patient's message would be lost. A loopback or
 * private address is a warning (a patient's device reaches no clinic server there).
 */
export function contactEndpointOf(config: ClinicConfig, options: SiteOptions = {}): { endpoint: string; warning?: SiteProblem; error?: SiteProblem } {
  const named = options.contactEndpoint ?? config.contactEndpoint;
  if (named === undefined) {
    if (options.servedByClinic) return { endpoint: CONTACT_API_PATH };
    return { endpoint: CONTACT_API_PATH, error: { field: 'contactEndpoint', message: missingContactEndpoint } };
  }
  const privateHost = privateEndpointHost(named);
  if (!privateHost) return { endpoint: named };
  return {
    endpoint: named,
    warning: {
      field: 'contactEndpoint',
      message:
        `${named} posts to a loopback or private address (${privateHost}): a site hosted anywhere else posts there from the patient's own device and loses every message. ` +
        "Use the clinic server's public address: set PUBLIC_URL on the clinic server before generating, or give the clinic server's contact API, like https://clinic.example.com/api/contact, as the Contact form address (contactEndpoint in a config, --contact-endpoint for build).",
    },
  };
}

/** Why a site without an endpoint is not built, and the three ways to give it one. */
const missingContactEndpoint =
  "missing: the contact form has nowhere to post, and on a static host every patient's message would be lost. " +
  "Set contactEndpoint in the config to the clinic server's contact API, like https://clinic.example.com/api/contact, " +
  'or pass --contact-endpoint with that URL, or --contact-endpoint same-origin when the clinic server itself serves the site.';

/**
 * The one way from a validated config to a complete site (docs/decisions/005): the pure renderer
 * plus every file the config names (the logo; the photos, src/site/images/), read from `assets`,
 * checked and sanitized here once. `clinic-gen build`, `dev`, `serve` and the admin all call it,
 * so one config gives the same files everywhere. A logo named by site path becomes `logo.<ext>`
 * at the site's root (the footer's light logo `logo-light.<ext>`) and the pages point at it; an
 * http(s) logo stays where it is. The contact form posts where contactEndpointOf says.
 */
export async function buildSiteFiles(config: ClinicConfig, assets: AssetSource, options: SiteOptions = {}): Promise<SiteResult> {
  const today = buildDay(config, options.buildTime, config.specialHours.length > 0);
  if (!today.ok) return { ok: false, errors: [today.error] };
  const { endpoint, warning, error } = contactEndpointOf(config, options);
  if (error) return { ok: false, errors: [error] };
  const [logo, light, photos] = await Promise.all([
    readLogo(config.logoUrl, assets),
    readLogo(config.logoLightUrl, assets, { field: 'logoLightUrl', base: 'logo-light' }),
    readPhotos(config, assets, options.imageCacheDir),
  ]);
  if (!logo.ok || !light.ok || !photos.ok) {
    return { ok: false, errors: [...(logo.ok ? [] : [logo.error]), ...(light.ok ? [] : [light.error]), ...(photos.ok ? [] : photos.errors)] };
  }
  const warnings = [...logo.warnings, ...light.warnings, ...(warning ? [warning] : []), ...spanishWarning(config)];
  const placed: ClinicConfig = { ...config, contactEndpoint: endpoint, ...(logo.file && { logoUrl: `/${logo.file.name}` }), ...(light.file && { logoLightUrl: `/${light.file.name}` }) };
  // The logo's own proportions reach its <img> width and height, so the header does not move when
  // the image arrives (a square mark in a 4:1 box would shift the name beside it).
  const sizeOf = (f: typeof logo.file) => f && logoSize(typeof f.content === 'string' ? new TextEncoder().encode(f.content) : f.content, f.name.endsWith('.svg'));
  const extras = {
    photos: photos.photos,
    logoSize: sizeOf(logo.file),
    logoLightSize: sizeOf(light.file),
    today: today.day,
    year: today.year,
    ...(options.placement ? { placement: options.placement } : {}),
    ...(options.canonicalUrl ? { canonicalUrl: options.canonicalUrl } : {}),
  };
  // One Site a language the city publishes (issue 40): English at the root, Spanish under /es/,
  // each with its own pages and cards; the files beside the pages (sitemap, styles) are the same.
  const files: SiteFiles = {};
  const cardFiles: Record<string, Uint8Array> = {};
  for (const lang of publishedLanguages(config, options.placement)) {
    const site = resolveSite(placed, { ...extras, lang });
    // Social cards are drawn here, not by the pure renderer, which gets their paths (cards/).
    let cards: CardsResult;
    try {
      // On a brand site a card shows no location's logo either (issue 36 item 4): the name, in the brand's colour.
      cards = await socialCards(site, options.placement?.identity ? undefined : logo.file, cardCacheDir(options.imageCacheDir));
    } catch (err) {
      // A logo whose header passed the check but whose pixels do not decode: the operator's to fix.
      if (!(err instanceof LogoDecodeError)) throw err;
      return {
        ok: false,
        errors: [{ field: 'logoUrl', message: damagedLogo(config.logoUrl ?? '') }],
      };
    }
    // The cards' paths are the one part of the Site its cards change (resolveSite): one Site serves both.
    site.cards = cards.cards;
    Object.assign(files, await siteFilesOf(site, { ...(options.htmlAsBytes ? { html: 'bytes' as const } : {}), templates: options.templates }));
    Object.assign(cardFiles, cards.files);
  }
  for (const f of [logo.file, light.file]) if (f) files[f.name] = f.content;
  // A location showing the brand's identity links the brand's typeface at the brand's root (pages/brand-identity.ts).
  Object.assign(files, photos.files, cardFiles, options.placement?.identity ? {} : siteFontFiles(config.font));
  return { ok: true, files, warnings };
}

/**
 * The city's own words its Spanish pages show in English (issue 40 item 3): one warning naming
 * each field, so `build` says it and `build --strict` refuses the city until they are given.
 */
function spanishWarning(config: ClinicConfig): SiteProblem[] {
  const fields = spanishFallbacks(config);
  if (fields.length === 0) return [];
  return [
    {
      field: 'es',
      message: `the Spanish pages show ${fields.length === 1 ? 'a field' : `${fields.length} fields`} in English, as no Spanish version is given; add ${fields.join(', ')}.`,
    },
  ];
}

/** Problems as lines naming the config and the field: `configs/tampa.yaml logoUrl: ...`. */
export function problemLines(configName: string, problems: readonly SiteProblem[]): string[] {
  return problems.map((p) => `${configName} ${p.field}: ${p.message}`);
}

/** Problems as the admin form shows them: field -> first message. */
export function problemFields(problems: readonly SiteProblem[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of problems) out[p.field] ??= p.message;
  return out;
}

/**
 * renderResolvedSite (pages/render-site.tsx) for the pipeline: the same files, React loaded only
 * when the site's shape has no templates yet.
 */
async function siteFilesOf(site: Site, opts: { html?: 'bytes'; templates?: TemplateStore } = {}): Promise<SiteFiles> {
  const tokens = tokenize(site);
  const pages = knownTemplates(JSON.stringify(tokens.shape), opts.templates);
  if (pages) return fillSite(site, tokens.values, pages, opts);
  const { renderResolvedSite } = await import('../pages/render-site.js');
  return opts.html === 'bytes' ? renderResolvedSite(site, { html: 'bytes', templates: opts.templates }) : renderResolvedSite(site, { templates: opts.templates });
}
