import type { ClinicConfig } from '../config/schema.js';
import type { LogoImage, Site } from './page-model.js';
import type { BrandIdentity } from './placement.js';

/**
 * A location's pages on a brand site link the brand's home, its directory and its shared files
 * (stylesheet, typeface, scripts, icon) at the brand's root (Placement.identity, issue 36 items 4
 * and 5); a stand-alone city site links its own. Each helper is the page's own `url` for a site
 * without the brand's identity, so a city site's pages are unchanged.
 */

/** A path from the brand's root (`/`, `locations/`, `assets/site.css`) as the page links it; without the identity, a path of the site itself. */
export function brandUrl(site: Site, url: (target: string) => string): (target: string) => string {
  const brand = site.placement?.brand;
  if (!brand) return url;
  // The way from the page to the location's home, then from there to the brand's root: both relative, so the site works in any folder.
  return (target) => url(`/${brand.root}${target.replace(/^\//, '')}`);
}

/** A file the brand's pages share (its stylesheet, typeface, scripts and icon) as the page links it: at the brand's root on a brand site, else the site's own. */
export function sharedFileUrl(site: Site, url: (target: string) => string): (file: string) => string {
  return brandUrl(site, url);
}

/** The logos a page shows, for its policy (csp.ts): the brand's on a brand site (only one off the site needs naming), else the city's. */
export function logoSources(config: Pick<ClinicConfig, 'logoUrl' | 'logoLightUrl'>, identity: BrandIdentity | undefined): { logoUrl?: string; logoLightUrl?: string } {
  if (!identity) return { logoUrl: config.logoUrl, logoLightUrl: config.logoLightUrl };
  const off = (l: LogoImage | undefined) => (l && !l.onSite ? l.src : undefined);
  return { logoUrl: off(identity.logo), logoLightUrl: off(identity.logoLight) };
}
