import { SERVICES, type ServiceKey } from '../config/services.js';
import { pathIn, routeAt, type RouteConfig, type RouteDef } from './routes.js';

/**
 * The pages a location on a brand site leaves to the brand's root (Placement.brandPages, NOTES.md
 * decision 16): the treatments, the privacy policy and the terms (`/trt-therapy/`, `/privacy/`).
 */
export function brandSharedPath(path: string): boolean {
  const p = path.replace(/[#?].*$/, '');
  return p === '/privacy/' || p === '/terms/' || SERVICES.some((s) => s.path === p);
}

/** What of a location's config decides its pages on a brand site: the treatments it has text of its own for. */
export interface PlacedPagesConfig {
  localContent: { treatmentText: Partial<Record<ServiceKey, string | undefined>> };
}

/**
 * Where a page of a location goes on a brand site (NOTES.md decision 16, issue 36 items 1 to 3),
 * or undefined where it stays a page of the location's: a treatment's page is the brand's, at its
 * root, unless the location has text of its own for it (localContent.treatmentText); the privacy
 * policy and terms are the brand's; the about page is the location's page (its home); a copy of the
 * contact page per treatment is the contact page. `shared`: `to` is a path from the brand's root,
 * else from the location's folder. The old address keeps answering with a redirect (a 301 on the
 * clinic server, a redirect page in a static build).
 */
export function movedOnBrandSite(route: Pick<RouteDef, 'id' | 'path' | 'lang'>, config: PlacedPagesConfig & Pick<RouteConfig, 'spanishRoot'>): { to: string; shared: boolean } | undefined {
  // A location's Spanish pages sit at its Spanish folder's root (RouteConfig.spanishRoot), and the brand's at its Spanish root: the same paths from each.
  const root = route.lang === 'es' ? (config.spanishRoot ?? '/') : undefined;
  if (route.id === 'serviceContact') return { to: pathIn('contact', route.lang, root), shared: false };
  if (route.id === 'about') return { to: pathIn('home', route.lang, root), shared: false };
  if (route.id === 'privacy' || route.id === 'terms') return { to: route.path, shared: true };
  const service = SERVICES.find((s) => s.key === route.id);
  if (service && !config.localContent.treatmentText[service.key]) return { to: route.path, shared: true };
  return undefined;
}

/**
 * On a brand site, whether the page at `path` is the brand's, at its root, rather than the
 * location's: the privacy policy, the terms, and a treatment the location has no text of its own
 * for. Links from a location's pages to such a path go to the brand's root.
 */
export function sharedOnBrandSite(path: string, config: PlacedPagesConfig & RouteConfig): boolean {
  const p = path.replace(/[#?].*$/, '');
  if (!config.spanishRoot) {
    // A site in English (or a city's own site, Spanish under /es/, which has no brand root): by the English paths, as before.
    if (!brandSharedPath(p)) return false;
    const service = SERVICES.find((s) => s.path === p);
    return !(service && config.localContent.treatmentText[service.key]);
  }
  const route = routeAt(config, p);
  if (!route) return false;
  if (route.id === 'privacy' || route.id === 'terms') return true;
  const service = SERVICES.find((s) => s.key === route.id);
  return Boolean(service && !config.localContent.treatmentText[service.key]);
}
