import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { parseConfigText } from '../../src/config/load.js';
import type { ClinicConfig, ClinicConfigInput } from '../../src/config/schema.js';
import { clinicConfigSchema } from '../../src/config/schema.js';
import { renderSite } from '../../src/pages/render-site.js';

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

export function render(config: ClinicConfig = sampleConfig()) {
  return renderSite(config);
}

export function dom(html: string): HTMLElement {
  return parse(html, { comment: false });
}

/** Visible text of an element, whitespace folded. */
export function text(el: HTMLElement | null | undefined): string {
  return (el?.text ?? '').replace(/\s+/g, ' ').trim();
}
