import { LANGS } from '../../config/languages.js';
import { normalizeOrigin } from '../http/origin.js';
import { sitePages } from './site-pages.js';
import type { KnownSite, SiteDirectory } from './site-directory.js';

/**
 * Which city a message is filed under, and what is kept as evidence
 * (docs/decisions/010-leads-by-city.md). The form knows its city: every form carries its site's
 * city slug, and that is the attribution. An Origin header proves nothing against a script (anyone
 * can send any header), so it never moves a message; it is kept, with the Referer, and the message
 * is marked when its origin is not one of that city's known addresses.
 */

/** What the route knows about a post besides its body. */
export interface PostSource {
  /** The Origin header, as sent. */
  origin?: string;
  /** The Referer header, as sent. */
  referer?: string;
  /** This request's own origin (scheme and Host): stored for posts without an Origin header. */
  selfOrigin: string;
  /** The Origin names this server (its Host, or PUBLIC_URL's host). */
  sameHost: boolean;
  /** This listener serves the deployed sites (the sites origin). */
  hosted: boolean;
}

/** The evidence kept with a message. */
export interface Evidence {
  /** The normalized Origin; 'null' for an opaque one (a sandboxed frame, a file: page); this server's own without one. */
  origin: string;
  /** Sent by a browser (it had an Origin header). */
  browser: boolean;
  /** The Referer's origin and path: never its query or fragment, which can carry an email or an ad-click id. */
  referer: string;
}

const MAX_EVIDENCE = 300;

/** The Referer without its query and fragment, or '' when it is none or not an http(s) URL. */
export function refererEvidence(referer: string | undefined): string {
  if (!referer) return '';
  try {
    const u = new URL(referer);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return '';
    return `${u.origin}${u.pathname}`.slice(0, MAX_EVIDENCE);
  } catch {
    return '';
  }
}

export function postEvidence(src: Pick<PostSource, 'origin' | 'referer' | 'selfOrigin'>): Evidence {
  const referer = refererEvidence(src.referer);
  if (src.origin === undefined) return { origin: src.selfOrigin.slice(0, MAX_EVIDENCE), browser: false, referer };
  return { origin: normalizeOrigin(src.origin) ?? 'null', browser: true, referer };
}

/** Where a message is filed, and where its site lives on the posting origin. */
export interface Filing {
  /** City slug: the site's, the unknown slug the form claimed, or '' when it claimed none. */
  site: string;
  /** That site's city; '' when this server does not know the site ("Unknown city" in the admin). */
  city: string;
  /** The site, when this server knows it. */
  known?: KnownSite;
  page: string;
  /** The post came from one of the site's known addresses: its confirmation page may be there. */
  registered: boolean;
  /** The site's base path on the posting origin (`/`, `/sites/tampa/`): its confirmation page is `<base>contact/sent/` (`<base>es/contacto/enviado/` in Spanish). */
  base: string;
}

/** The path of the kept Referer (origin and path) when it is on the posting origin, else undefined. */
const refererPath = (e: Evidence) => (e.referer.startsWith(`${e.origin}/`) ? e.referer.slice(e.origin.length) : undefined);

/**
 * The site's base path on the posting origin, for its confirmation page: from a Referer on that
 * origin ending with the form's page (`/sites/tampa/contact/` -> `/sites/tampa/`), from a page the
 * form names by its full path (`/locations/fl/tampa/contact/`, `/locations/fl/tampa/es/contacto/`),
 * from the sites origin's layout (`/sites/<slug>/`), else the origin's root.
 */
function basePath(e: Evidence, page: string, slug: string, onSitesOrigin: boolean): string {
  for (const lang of LANGS) {
    const contact = sitePages(lang).contact;
    if (page.startsWith('/') && page.endsWith(`/${contact}`)) return page.slice(0, -contact.length);
  }
  const path = refererPath(e);
  if (path !== undefined && page !== '' && path.endsWith(`/${page}`)) {
    const base = path.slice(0, path.length - page.length);
    // Only the site's own folder: a Referer of another deployment on the sites origin is not this city's.
    if (!onSitesOrigin || base === `/sites/${slug}/`) return base;
  }
  return onSitesOrigin ? `/sites/${slug}/` : '/';
}

/**
 * Files a message: under the city its form names when this server knows it (saved, deployed or the
 * home clinic), else under "Unknown city" with the slug it claimed kept. A form that names no city
 * (an API client's post, an old form) is filed by its origin when one site alone is known there,
 * else the home clinic's when it came without an Origin (not a browser), else unknown.
 */
export async function fileMessage(
  dir: SiteDirectory,
  src: Pick<PostSource, 'sameHost' | 'hosted'> & { evidence: Evidence },
  claim: { site?: string; page?: string },
): Promise<Filing> {
  const e = src.evidence;
  const page = claim.page ?? '';
  let known: KnownSite | undefined;
  if (claim.site) known = await dir.site(claim.site);
  else if (e.browser) known = await dir.ownerOf(e.origin);
  else known = dir.home;
  if (!known) return { site: claim.site ?? '', city: '', page, registered: false, base: '/' };
  // The clinic server's own pages (the home clinic at its root) post from this server's own name.
  const registered = e.browser && (dir.isAddressOf(known, e.origin) || (known.home && src.sameHost && !src.hosted));
  const onSitesOrigin = e.browser && known.deployed && dir.isSitesOrigin(e.origin);
  return { site: known.slug, city: known.city, known, page, registered, base: registered ? basePath(e, page, known.slug, onSitesOrigin) : '/' };
}
