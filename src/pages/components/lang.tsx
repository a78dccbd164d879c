import { useContext } from 'react';
import type { Lang } from '../../config/languages.js';
import { serviceLabel, type ServiceDef } from '../../config/services.js';
import { copyOf, type Copy } from '../content/copy.js';
import { PageCtx } from '../context.js';
import type { Site } from '../page-model.js';
import { siteRoutes, type PageId } from '../routes.js';

/**
 * The language of the page being rendered (issue 40): `lang` when a caller gives it (the brand
 * site renders some of these components without a city page around them), else the city page's,
 * else English.
 */
export function useLang(lang?: Lang): Lang {
  const page = useContext(PageCtx);
  return lang ?? page?.site.lang ?? 'en';
}

/** The page copy of the page being rendered (useLang). */
export function useCopy(lang?: Lang): Copy {
  return copyOf(useLang(lang));
}

/**
 * A page of `site` as a site route in the site's language: `english` itself (`/about/`) on an
 * English page, its counterpart (`/es/nosotros/`) on a Spanish one.
 */
export function pagePath(site: Site, id: PageId, english: string): string {
  if (site.lang === 'en') return english;
  return siteRoutes(site.config, site.lang).find((r) => r.id === id && r.id !== 'serviceContact')?.path ?? english;
}

/** A service's page in the site's language: `/trt-therapy/`, or `/es/terapia-de-testosterona/`. */
export function servicePath(site: Site, service: Pick<ServiceDef, 'key' | 'path'>): string {
  return pagePath(site, service.key, service.path);
}

/** A service's label in the site's language. */
export function siteServiceLabel(site: Site, service: Pick<ServiceDef, 'key' | 'label'>): string {
  return serviceLabel(service, site.lang);
}
