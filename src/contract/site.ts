import * as z from 'zod';
import { domainName } from '../config/fields.js';
import type { ClinicConfigInput } from '../config/schema.js';
import { apiRoute } from './route.js';

/**
 * The calls of a site made from the admin form (spec sections 3 and 7; decision 026): Generate,
 * Preview, Download Package and Deploy, the live sites of the deployments API, and the logo and
 * photo uploads. The server validates and answers with these (src/server/packages, previews,
 * releases, uploads), the admin calls them (src/admin/use-site-actions.ts, deployments/,
 * sections/logo-picker.tsx, photos.tsx).
 */

const ok = { success: z.literal(true) };
/** A clinic config as the admin form holds it; the server checks it by the one clinic schema (src/config/schema.ts). */
const config = z.custom<ClinicConfigInput>();
/** A site's files by relative name, text as is and binary files in base64 (checked by the server's bundle/files.ts). */
export const siteFiles = z.custom<Record<string, string>>();
export type SiteFilesPayload = z.infer<typeof siteFiles>;

/** Generate: the config is the body; 400 with `errors` {field: message} when it is refused. */
export const generateWebsite = apiRoute({
  method: 'POST',
  path: '/api/generate-clinic-website',
  request: config,
  response: z.object({ ...ok, files: siteFiles, contactEndpoint: z.string(), warnings: z.array(z.string()) }),
});

/** A preview of generated files on the sites listener (201). */
export const createPreview = apiRoute({
  method: 'POST',
  path: '/api/previews',
  request: z.object({ files: siteFiles }),
  response: z.object({ ...ok, id: z.string(), url: z.string() }),
});

/** Download Package: the zip of generated files with DEPLOY.md, a download, not JSON. */
export const packageWebsite = apiRoute({
  method: 'POST',
  path: '/api/package-website',
  request: z.object({ city: z.string(), businessName: z.string().optional(), domainName: z.string().optional(), files: siteFiles }),
  response: z.instanceof(Blob),
});

/** Spec section 7's deploy body: domainName, businessName, city, files, deploymentType (and two fields beyond it). */
export const deployBody = z.object({
  city: z.string({ error: 'missing; expected the city of the site' }).trim().min(1, { error: 'expected the city of the site' }).max(60),
  businessName: z.string().trim().max(80).optional(),
  domainName: z.union([z.literal(''), domainName()]).optional(),
  deploymentType: z.enum(['static'], { error: 'expected static' }).default('static'),
  files: siteFiles.optional(),
  // Not in the spec: the clinic config the files were made from, kept with the release so a failed
  // no-JavaScript contact post shows this city's own page (docs/decisions/010-leads-by-city.md).
  config: config.optional(),
  // Not in the spec: the operator confirmed deploying a city the doorway check fails.
  confirmDoorway: z.boolean({ error: 'expected true or false' }).optional(),
});

/**
 * Deploy of generated files: the spec's answer (success, message, deploymentUrl, deploymentPath);
 * a 409 with `doorway` (contract/cities.ts's DoorwayAsked) when the check fails and it was not confirmed.
 */
export const deployWebsite = apiRoute({
  method: 'POST',
  path: '/api/deploy-website',
  request: deployBody,
  response: z.object({ ...ok, message: z.string(), deploymentUrl: z.string(), deploymentPath: z.string(), siteName: z.string() }),
});

/** One live site, with the city name its live release was deployed as. */
export const liveSite = z.object({
  siteName: z.string(),
  city: z.string().optional(),
  lastModified: z.string(),
  url: z.string(),
  domainName: z.string().optional(),
  release: z.string(),
  contactEndpoint: z.string().optional(),
  releases: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      live: z.boolean(),
      configVersion: z.number().optional(),
      /** Who deployed it (issue 39 item 5); absent for releases from before it was recorded. */
      deployedBy: z.string().optional(),
      /** Each time someone made it live again (a rollback, or Make live): when, and who ('' when not known); newest first. */
      rolledBack: z.array(z.object({ at: z.string(), by: z.string() })).optional(),
    }),
  ),
});
export type LiveSite = z.infer<typeof liveSite>;

export const listDeployments = apiRoute({ method: 'GET', path: '/api/deployments', request: undefined, response: z.object({ ...ok, deployments: z.array(liveSite) }) });
/** A live site's release as a zip with DEPLOY.md: a download, not JSON. */
export const deploymentPackage = apiRoute({ method: 'GET', path: '/api/deployments/:siteName/package', request: undefined, response: z.instanceof(Blob) });

/** Multipart (`logo`): the uploaded file's address. */
export const uploadLogo = apiRoute({
  method: 'POST',
  path: '/api/upload-logo',
  request: z.instanceof(FormData),
  response: z.object({ ...ok, logoUrl: z.string(), message: z.string() }),
});
/**
 * A picture a city names by its site path (`?path=/images/tampa/logo.svg`), as Generate reads it:
 * for the admin to show it (issue 39 item 3). The image's bytes; 404 for anything else.
 */
export const sitePicture = apiRoute({ method: 'GET', path: '/api/site-picture', request: undefined, response: z.instanceof(Blob) });
/** Multipart (`photo`): the uploaded photo's address. */
export const uploadPhoto = apiRoute({
  method: 'POST',
  path: '/api/upload-photo',
  request: z.instanceof(FormData),
  response: z.object({ ...ok, url: z.string(), message: z.string() }),
});
