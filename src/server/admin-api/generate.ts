import { Hono } from 'hono';
import type { z } from 'zod';
import { fieldName } from '../../config/load.js';
import { clinicConfigSchema } from '../../config/schema.js';
import { renderSite } from '../../pages/render-site.js';
import { encodeBinary, type FilesPayload } from '../deploy/files.js';
import type { AppEnv } from '../types.js';
import { readJson } from './read-bytes.js';
import { readUpload, UPLOAD_NAME } from './upload-routes.js';

/**
 * Generate Website on the server (NOTES.md decision 2: the same renderSite as the CLI). The admin
 * form's config is validated by the one clinic schema; errors name fields with the YAML loader's
 * dotted paths (`socialMedia.instagram`, `businessProfiles[2]`).
 *
 * An uploaded logo (`/uploads/logo-<id>.png`) becomes part of the site: the file is added as
 * `logo.png` and the pages point at `/logo.png` (written relative to each page), so a downloaded
 * or deployed site is complete without this server and the name matches the deployment
 * instructions ("add logo.png").
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

/** Validates a clinic config from the admin and renders its site, with the uploaded logo. */
export async function generateSite(input: unknown, uploadsDir: string): Promise<GenerateResult> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, errors: { config: 'expected the clinic configuration as a JSON object' } };
  }
  const parsed = clinicConfigSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error.issues) };
  let config = parsed.data;
  let logo: { name: string; content: string } | undefined;
  const upload = config.logoUrl?.startsWith('/uploads/') ? config.logoUrl.slice('/uploads/'.length) : undefined;
  if (upload !== undefined) {
    const bytes = UPLOAD_NAME.test(upload) ? await readUpload(uploadsDir, upload) : undefined;
    if (!bytes) return { ok: false, errors: { logoUrl: 'expected a logo uploaded to this server; upload the logo again' } };
    const ext = upload.slice(upload.lastIndexOf('.') + 1);
    logo = { name: `logo.${ext}`, content: ext === 'svg' ? new TextDecoder().decode(bytes) : encodeBinary(bytes) };
    config = { ...config, logoUrl: `/${logo.name}` };
  }
  const files: FilesPayload = renderSite(config);
  if (logo) files[logo.name] = logo.content;
  return { ok: true, files };
}

/** A clinic config is a few KB; local content can make it some tens. */
const MAX_CONFIG_BODY = 256 * 1024;

/** POST /api/generate-clinic-website: 200 {success, files} or 400 {success: false, errors: {field: message}}. */
export function generateRoutes(uploadsDir: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/api/generate-clinic-website', async (c) => {
    const body = await readJson(c.req.raw, MAX_CONFIG_BODY);
    if (!body.ok) return c.json({ success: false, errors: { config: body.error } }, body.status);
    const result = await generateSite(body.value, uploadsDir);
    if (!result.ok) return c.json({ success: false, errors: result.errors }, 400);
    return c.json({ success: true, files: result.files });
  });
  return app;
}
