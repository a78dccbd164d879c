import { citySlug } from '../../config/slug.js';
import { formEndpointOf } from '../../pages/contact/form-endpoint.js';
import type { Message } from '../../texts/message.js';
import { bodyNotJson, cityRequired, requestMalformed } from '../../texts/server.js';
import { decodeSiteFiles } from '../bundle/files.js';
import { isSiteName } from '../bundle/names.js';
import type { ZipEntry } from '../bundle/zip.js';
import { deployInstructions } from './deploy-guide.js';

/** A Download Package body read: the zip's name and entries, or why it is refused (400). */
export type PackageBody = { ok: true; slug: string; entries: ZipEntry[] } | { ok: false; status: 400; error: string | Message };

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * The body of POST /api/package-website {city, businessName, domainName, files} read into the
 * package's entries: every generated file, checked and decoded (decodeSiteFiles), and DEPLOY.md. Up
 * to some tens of MB of JSON and base64, so it runs on the build worker (build-pool.ts): the
 * answers as readJson and the route gave them on the request loop.
 */
export function packageBody(bytes: Uint8Array): PackageBody {
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(bytes));
  } catch (err) {
    const utf8 = err instanceof TypeError;
    return { ok: false, status: 400, error: utf8 ? requestMalformed('body is not valid UTF-8').title : bodyNotJson.title };
  }
  const v = (value ?? {}) as Record<string, unknown>;
  const str = (x: unknown) => (typeof x === 'string' && x.trim() ? x.trim().slice(0, 120) : undefined);
  const city = str(v.city);
  const slug = city ? citySlug(city) : '';
  if (!city || !isSiteName(slug)) return { ok: false, status: 400, error: cityRequired };
  const decoded = decodeSiteFiles(v.files);
  if (!decoded.ok) return { ok: false, status: 400, error: `files: ${decoded.error}` };
  // The guide's name is reserved for the guide.
  const names = [...decoded.files.keys()].filter((n) => n !== 'DEPLOY.md').sort();
  const contactPage = decoded.files.get('contact/index.html');
  const contactEndpoint = contactPage ? formEndpointOf(new TextDecoder().decode(contactPage)) : undefined;
  const guide = deployInstructions({ city, businessName: str(v.businessName), domainName: str(v.domainName), files: names, contactEndpoint });
  return { ok: true, slug, entries: [...names.map((name) => ({ name, data: decoded.files.get(name)! })), { name: 'DEPLOY.md', data: guide }] };
}
