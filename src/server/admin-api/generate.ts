import { Hono } from 'hono';
import type { z } from 'zod';
import { fieldName } from '../../config/load.js';
import { clinicConfigSchema } from '../../config/schema.js';
import { generateRejected } from '../../messages/admin.js';
import type { AssetSource } from '../../site/asset-source.js';
import { buildSiteFiles, problemFields } from '../../site/pipeline.js';
import { encodeSiteFiles, type FilesPayload } from '../deploy/files.js';
import { apiError, fieldFailure } from '../http/api-error.js';
import type { AppEnv } from '../types.js';
import { readJson } from './read-bytes.js';
import { readUpload } from './upload-routes.js';

/**
 * Generate Website on the server: the admin form's config, validated by the one clinic schema
 * (errors name fields with the YAML loader's dotted paths: `socialMedia.instagram`,
 * `businessProfiles[2]`), made into a site by the same pipeline as `clinic-gen build`
 * (docs/decisions/005). An uploaded logo (`/uploads/logo-<id>.png`) is read from this server's
 * uploads and becomes the site's `logo.png`, so a downloaded or deployed site is complete without
 * this server.
 */
export type GenerateResult = { ok: true; files: FilesPayload } | { ok: false; errors: Record<string, string> };

/** Field -> first message, from zod issues. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors[fieldName([...path, key])] ??= 'unknown field';
      continue;
    }
    errors[fieldName(path) || 'config'] ??= issue.message;
  }
  return errors;
}

/**
 * The logos uploaded to this server, by the site path upload answers with (`/uploads/<name>`).
 * Only names the server gives uploads are read (readUpload checks them).
 */
export function uploadsAssetSource(uploadsDir: string): AssetSource {
  return {
    name: "this server's uploads",
    hint: 'upload the logo again',
    read: async (sitePath) => (sitePath.startsWith('/uploads/') ? readUpload(uploadsDir, sitePath.slice('/uploads/'.length)) : undefined),
  };
}

/** Validates a clinic config from the admin and makes its site, with the uploaded logo. */
export async function generateSite(input: unknown, assets: AssetSource): Promise<GenerateResult> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, errors: { config: 'expected the clinic configuration as a JSON object' } };
  }
  const parsed = clinicConfigSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error.issues) };
  const site = await buildSiteFiles(parsed.data, assets);
  if (!site.ok) return { ok: false, errors: problemFields(site.errors) };
  return { ok: true, files: encodeSiteFiles(site.files) };
}

/** A clinic config is a few KB; local content can make it some tens. */
const MAX_CONFIG_BODY = 256 * 1024;

/** POST /api/generate-clinic-website: 200 {success, files}, or 400/413 with `errors` {field: message}. */
export function generateRoutes(uploadsDir: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const assets = uploadsAssetSource(uploadsDir);
  app.post('/api/generate-clinic-website', async (c) => {
    const body = await readJson(c.req.raw, MAX_CONFIG_BODY);
    if (!body.ok) return apiError(c, body.status, { ...fieldFailure({ config: body.error }), message: generateRejected.title });
    const result = await generateSite(body.value, assets);
    if (!result.ok) return apiError(c, 400, { ...fieldFailure(result.errors), message: generateRejected.title });
    return c.json({ success: true, files: result.files });
  });
  return app;
}
