import type { ClinicConfig } from '../config/schema.js';
import { renderSite } from '../pages/render-site.js';
import type { AssetSource } from './asset-source.js';
import type { SiteFiles } from './files.js';
import { readLogo, type SiteProblem } from './logo.js';

export type { SiteProblem } from './logo.js';

export type SiteResult = { ok: true; files: SiteFiles; warnings: SiteProblem[] } | { ok: false; errors: SiteProblem[] };

/**
 * The one way from a validated config to a complete site (docs/decisions/005): the pure renderer
 * plus every file the config names (today the logo), read from `assets`, checked and sanitized
 * here once. `clinic-gen build`, `dev`, `serve` and the admin all call it, so one config gives the
 * same files everywhere. A logo named by site path becomes `logo.<ext>` at the site's root and the
 * pages point at it; an http(s) logo stays where it is.
 */
export async function buildSiteFiles(config: ClinicConfig, assets: AssetSource): Promise<SiteResult> {
  const logo = await readLogo(config.logoUrl, assets);
  if (!logo.ok) return { ok: false, errors: [logo.error] };
  if (!logo.file) return { ok: true, files: renderSite(config), warnings: logo.warnings };
  const files: SiteFiles = renderSite({ ...config, logoUrl: `/${logo.file.name}` });
  files[logo.file.name] = logo.file.content;
  return { ok: true, files, warnings: logo.warnings };
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
