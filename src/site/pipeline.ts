import { CONTACT_API_PATH, isPathEndpoint, type ClinicConfig } from '../config/schema.js';
import { renderSite } from '../pages/render-site.js';
import type { AssetSource } from './asset-source.js';
import type { SiteFiles } from './files.js';
import { readLogo, type SiteProblem } from './logo.js';

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
   * The clinic server itself serves the site (`serve`), or it is only previewed (`dev`): a path
   * endpoint is then no reason to warn.
   */
  servedByClinic?: boolean;
}

/**
 * Where the site's form posts, and the warning when that is a path on a site that may be hosted
 * anywhere: a static host answers such a post with 404 or 501 and the patient sees an error.
 */
export function contactEndpointOf(config: ClinicConfig, options: SiteOptions = {}): { endpoint: string; warning?: SiteProblem } {
  const endpoint = options.contactEndpoint ?? config.contactEndpoint ?? CONTACT_API_PATH;
  if (options.servedByClinic || !isPathEndpoint(endpoint)) return { endpoint };
  const named = options.contactEndpoint ?? config.contactEndpoint;
  return {
    endpoint,
    warning: {
      field: 'contactEndpoint',
      message:
        `${named ? `${named} is a path` : 'missing'}: the contact form posts to ${endpoint}, which only works when the clinic server ` +
        "itself serves the site (any other host answers with an error). Set contactEndpoint in the config to the clinic server's " +
        'contact API, like https://clinic.example.com/api/contact, or pass --contact-endpoint.',
    },
  };
}

/**
 * The one way from a validated config to a complete site (docs/decisions/005): the pure renderer
 * plus every file the config names (today the logo), read from `assets`, checked and sanitized
 * here once. `clinic-gen build`, `dev`, `serve` and the admin all call it, so one config gives the
 * same files everywhere. A logo named by site path becomes `logo.<ext>` at the site's root and the
 * pages point at it; an http(s) logo stays where it is. The contact form posts where
 * contactEndpointOf says.
 */
export async function buildSiteFiles(config: ClinicConfig, assets: AssetSource, options: SiteOptions = {}): Promise<SiteResult> {
  const logo = await readLogo(config.logoUrl, assets);
  if (!logo.ok) return { ok: false, errors: [logo.error] };
  const { endpoint, warning } = contactEndpointOf(config, options);
  const warnings = [...logo.warnings, ...(warning ? [warning] : [])];
  const placed: ClinicConfig = { ...config, contactEndpoint: endpoint };
  if (!logo.file) return { ok: true, files: renderSite(placed), warnings };
  const files: SiteFiles = renderSite({ ...placed, logoUrl: `/${logo.file.name}` });
  files[logo.file.name] = logo.file.content;
  return { ok: true, files, warnings };
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
