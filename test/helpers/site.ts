import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { parseConfigText } from '../../src/config/load.js';
import type { ClinicConfig, ClinicConfigInput } from '../../src/config/schema.js';
import { clinicConfigSchema } from '../../src/config/schema.js';
import { renderSite } from '../../src/pages/render-site.js';
import { configAssetSource, type DirAssetSource } from '../../src/site/asset-source.js';

export const ROOT = join(import.meta.dirname, '..', '..');
export const SAMPLES = ['wesley-chapel', 'tampa', 'orlando'] as const;

/** A sample config from configs/, validated. */
export function sampleConfig(name: (typeof SAMPLES)[number] = 'wesley-chapel'): ClinicConfig {
  const file = join('configs', `${name}.yaml`);
  const r = parseConfigText(readFileSync(join(ROOT, file), 'utf8'), file);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.config;
}

/** The sample clinic with some fields changed, validated by the schema like any input. */
export function configWith(patch: Partial<ClinicConfigInput>): ClinicConfig {
  const base = sampleConfig();
  return clinicConfigSchema.parse({ ...base, ...patch });
}

/**
 * The sample clinic naming no file: no logo, no light logo, no photo (hero, gallery, team), with
 * some fields changed. The samples name pictures under configs/images; a test of what the site
 * pipeline does with one file (a logo, a photo) starts from this, so the others do not get in the way.
 */
export function configNamingNoFile(patch: Partial<ClinicConfigInput> = {}): ClinicConfig {
  const base = sampleConfig();
  const { logoUrl: _logo, logoLightUrl: _light, ...rest } = base;
  return clinicConfigSchema.parse({
    ...rest,
    photos: { gallery: [] },
    localContent: { ...base.localContent, team: base.localContent.team.map(({ photo: _photo, ...member }) => member) },
    ...patch,
  });
}

/** The files the sample configs name (`/images/wesley-chapel/hero.jpg`), read from configs/ as `clinic-gen build` reads them. */
export function sampleAssets(): DirAssetSource {
  return configAssetSource(join(ROOT, 'configs', 'wesley-chapel.yaml'));
}

/**
 * The facts every city gives of its own (decision 14: hours, the terms' law and courts, the
 * policies' date), as YAML lines for a test's hand-written config.
 */
export const CITY_FACTS_YAML = `hours:
  - days: [Monday, Tuesday, Wednesday, Thursday, Friday]
    opens: "09:00"
    closes: "17:00"
legal:
  governingLaw: Florida
  courts: Polk County
  effectiveDate: "2025-06-01"
`;

/** The year the pages of `render` are built in: the footer shows it. */
export const RENDER_YEAR = 2026;

export function render(config: ClinicConfig = sampleConfig()) {
  return renderSite(config, { year: RENDER_YEAR });
}

export function dom(html: string): HTMLElement {
  return parse(html, { comment: false });
}

/** Visible text of an element, whitespace folded. */
export function text(el: HTMLElement | null | undefined): string {
  return (el?.text ?? '').replace(/\s+/g, ' ').trim();
}
