import { answerOf } from '../../contract/route.js';
import { generateWebsite } from '../../contract/site.js';
import { issueMessages } from '../../config/load.js';
import { clinicConfigSchema } from '../../config/schema.js';
import type { AssetSource } from '../../site/asset-source.js';
import { buildSiteFiles, problemFields } from '../../site/pipeline.js';
import { encodeSiteFiles, type FilesPayload } from '../bundle/files.js';
import { contactEndpointFor } from '../leads/index.js';

/**
 * Generate Website on the server: the admin form's config, validated by the one clinic schema
 * (errors name fields with the YAML loader's dotted paths: `socialMedia.instagram`,
 * `businessProfiles[2]`), made into a site by the same pipeline as `clinic-gen build`
 * (docs/decisions/005). An uploaded logo (`/uploads/logo-<id>.png`) is read from this server's
 * uploads and becomes the site's `logo.png` (uploaded photos are encoded into `images/`), and the
 * contact form posts to this server by its absolute URL (contactEndpointFor), so a downloaded or
 * deployed site works without this server serving it. Preview, download and deploy take these
 * files as they are.
 */
export type GenerateResult =
  | { ok: true; files: FilesPayload; contactEndpoint: string; warnings: string[] }
  | { ok: false; errors: Record<string, string> };

/** Validates a clinic config from the admin and makes its site, with the uploaded logo, posting to this server. */
export async function generateSite(input: unknown, assets: AssetSource, serverOrigin: string, imageCacheDir?: string): Promise<GenerateResult> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, errors: { config: 'expected the clinic configuration as a JSON object' } };
  }
  const parsed = clinicConfigSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: issueMessages(parsed.error.issues) };
  const contactEndpoint = contactEndpointFor(parsed.data.contactEndpoint, serverOrigin);
  const site = await buildSiteFiles(parsed.data, assets, { contactEndpoint, imageCacheDir });
  if (!site.ok) return { ok: false, errors: problemFields(site.errors) };
  // What the operator must see before sending the package anywhere (a form posting to a loopback address).
  const warnings = site.warnings.map((w) => `${w.field}: ${w.message}`);
  return { ok: true, files: encodeSiteFiles(site.files), contactEndpoint, warnings };
}

/** Generate's 200 answer as JSON text, or the fields refused. */
export type GenerateAnswer = { ok: true; body: string } | { ok: false; errors: Record<string, string> };

/**
 * generateSite and its answer's JSON text (what `c.json` would send), made where the build runs:
 * a site with photos is some MB of base64, 10-30 ms to serialize (build-pool.ts).
 */
export async function generateAnswer(input: unknown, assets: AssetSource, serverOrigin: string, imageCacheDir?: string): Promise<GenerateAnswer> {
  const r = await generateSite(input, assets, serverOrigin, imageCacheDir);
  if (!r.ok) return r;
  return { ok: true, body: JSON.stringify(answerOf(generateWebsite, { success: true, files: r.files, contactEndpoint: r.contactEndpoint, warnings: r.warnings })) };
}
