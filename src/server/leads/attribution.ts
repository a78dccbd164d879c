import { isSameHost, normalizeOrigin } from '../http/origin.js';
import type { KnownSite, OriginRole, SiteDirectory } from './site-directory.js';

/**
 * Who may post, and which city a message is filed under (docs/decisions/010-leads-by-city.md).
 * The Origin header is what the browser vouches for; the form's `site` field is only a claim.
 */

/** What the route knows about a post besides its body. */
export interface PostSource {
  /** The Origin header, as sent. */
  origin?: string;
  /** The Host header. */
  host?: string;
  referer?: string;
  /** This request's own origin (scheme and Host): stored for posts without an Origin header. */
  selfOrigin: string;
  /** Host names that are this server besides the Host header (PUBLIC_URL's). */
  extraHosts: readonly string[];
  /** This listener serves the deployed sites (the sites origin): a same-host post is from one of them. */
  hosted: boolean;
}

/** How an accepted post came: `none` is a post without Origin (curl, server-to-server). */
export type PostRole = OriginRole | { kind: 'none' };

export type OriginCheck =
  | { ok: true; origin: string; role: PostRole; /** Cross-origin: the answer carries CORS headers. */ cors: boolean }
  | { ok: false };

/** Accepts a post from the origins of known sites, the sites origin, CORS_ORIGINS and this server itself. */
export async function checkPostOrigin(dir: SiteDirectory, src: PostSource): Promise<OriginCheck> {
  if (src.origin === undefined) return { ok: true, origin: src.selfOrigin, role: { kind: 'none' }, cors: false };
  const origin = normalizeOrigin(src.origin);
  // 'null' (sandboxed frames, file: pages) and garbage are nobody's site.
  if (origin === undefined) return { ok: false };
  const same = isSameHost(origin, src.host, src.extraHosts);
  const role = await dir.role(origin);
  if (role?.kind === 'own' || role?.kind === 'shared') return { ok: true, origin, role, cors: !same };
  // The sites listener serves a deployment on its domain whatever the scheme or port (plain http,
  // a proxy's port): a same-host post there comes from that site, and its claim cannot move it.
  const domain = same && src.hosted ? await dir.domain(new URL(origin).hostname) : undefined;
  if (domain) return { ok: true, origin, role: { kind: 'own', site: domain }, cors: false };
  if (role) return { ok: true, origin, role, cors: !same };
  if (same) return { ok: true, origin, role: src.hosted ? { kind: 'shared' } : { kind: 'own', site: dir.home }, cors: false };
  return { ok: false };
}

/** Where a message is filed, and where its site lives on the posting origin. */
export interface Filing {
  /** City slug ('' when no site could be named) and city ('' when the site is unknown here). */
  site: string;
  city: string;
  /** The site, when this server knows it. */
  known?: KnownSite;
  page: string;
  /** The site's base path on the posting origin (`/`, `/sites/tampa/`): the confirmation page is `<base>contact/sent/`. */
  base: string;
}

const SHARED_PATH = /^\/sites\/([a-z0-9]+(?:-[a-z0-9]+)*)\//;

/** The Referer's path when it is on `origin`, else undefined. */
function refererPath(referer: string | undefined, origin: string): string | undefined {
  if (!referer) return undefined;
  try {
    const u = new URL(referer);
    return u.origin === origin ? u.pathname : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Files a message from an accepted post:
 * - an origin of one site speaks only for it: a claim of another site is ignored, the message is
 *   filed under the origin's own site (a patient's message is never lost over a wrong hidden field);
 * - on the sites origin the Referer path `/sites/<slug>/` names the site, else a claimed known site;
 * - an origin tied to no site (CORS_ORIGINS): the claim of a known site only when no origin of its
 *   own exists; a claim of a site whose pages live elsewhere is filed with no site and no city
 *   (kept, never refused: the patient wrote to the clinic, the hidden field lied). An unknown claim
 *   is kept as claimed with city ''; no claim is unknown;
 * - a post without Origin (not a browser): the claim if it is a known site, else as above; no claim
 *   is the home clinic.
 */
export async function fileMessage(dir: SiteDirectory, check: Extract<OriginCheck, { ok: true }>, claim: { site?: string; page?: string }, referer?: string): Promise<Filing> {
  const page = claim.page ?? '';
  const path = check.role.kind === 'none' ? undefined : refererPath(referer, check.origin);
  // The form's page is `contact/` of a site at `<base>`: the Referer `<base>contact/` gives the base.
  const fromReferer = path !== undefined && path.endsWith(`/${page}`) ? path.slice(0, path.length - page.length) : undefined;
  const known = (site: KnownSite, base = '/'): Filing => ({ site: site.slug, city: site.city, known: site, page, base: fromReferer ?? base });
  const unknown = (site: string): Filing => ({ site, city: '', page, base: fromReferer ?? '/' });
  const claimed = async (fallback: KnownSite | undefined): Promise<Filing> => {
    const site = claim.site ? await dir.site(claim.site) : fallback;
    return site ? known(site) : unknown(claim.site ?? '');
  };

  switch (check.role.kind) {
    case 'own':
      return known(check.role.site);
    case 'shared': {
      const slug = (path && SHARED_PATH.exec(path)?.[1]) ?? claim.site;
      const site = slug ? await dir.site(slug) : undefined;
      const base = slug ? `/sites/${slug}/` : '/';
      if (site) return known(site, base);
      return { site: slug ?? '', city: '', page, base: fromReferer ?? base };
    }
    case 'listed': {
      // A Tampa page on a static host listed by hand must not file as Orlando, which lives at its
      // own domain: such a claim says nothing true, so the message keeps no site (not Orlando's
      // slug either, which would count it for Orlando). A site with no address of its own (hosted
      // only where CORS_ORIGINS points) may still be named from here.
      const site = claim.site ? await dir.site(claim.site) : undefined;
      if (site && !site.tied) return known(site);
      return unknown(site ? '' : (claim.site ?? ''));
    }
    case 'none':
      return claimed(dir.home);
  }
}
