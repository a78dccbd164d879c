/**
 * Where a deployed site can be visited, from a template (DEPLOY_URL_TEMPLATE). `{origin}` is the
 * origin of the sites listener, which serves deployed sites (SITES_URL, else the listening address
 * on the sites port; docs/decisions/009-hosted-sites-origin.md); `{siteName}` the city slug. The
 * specification's `https://{siteName}-trt.replit.app` is one possible template.
 */
export const DEFAULT_URL_TEMPLATE = '{origin}/sites/{siteName}/';

const PLACEHOLDER = /\{([^}]*)\}/g;
const KNOWN = new Set(['origin', 'siteName']);

/** Checks a template once at start-up (env.ts); the error says what a good one looks like. */
export function checkUrlTemplate(template: string): { ok: true } | { ok: false; error: string } {
  const example = `like ${DEFAULT_URL_TEMPLATE} or https://{siteName}-trt.replit.app`;
  const unknown = [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((p) => !KNOWN.has(p));
  if (unknown.length) return { ok: false, error: `unknown placeholder {${unknown[0]}}; expected {origin} and {siteName}, ${example}` };
  if (!template.includes('{siteName}')) return { ok: false, error: `expected a {siteName} placeholder, ${example}` };
  try {
    const url = new URL(deploymentUrl(template, { origin: 'http://localhost', siteName: 'tampa' }));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
  } catch {
    return { ok: false, error: `expected an http(s) URL ${example}` };
  }
  return { ok: true };
}

/** Fills in a checked template. */
export function deploymentUrl(template: string, values: { origin: string; siteName: string }): string {
  return template.replace(PLACEHOLDER, (_, key: string) => (key === 'origin' ? values.origin.replace(/\/$/, '') : values.siteName));
}
