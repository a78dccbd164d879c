import type { Lang } from '../../config/languages.js';
import { serviceLabel, type ServiceDef } from '../../config/services.js';
import { copyOf, type Copy } from '../content/copy.js';
import { useLang } from '../context.js';
import type { Site } from '../page-model.js';

// A page's path in its language is the route table's (routes.ts); the language, the page context's.
export { pagePath, servicePath } from '../routes.js';
export { useLang };

/** The page copy of the page being rendered (useLang). */
export function useCopy(lang?: Lang): Copy {
  return copyOf(useLang(lang));
}

/** A service's label in the site's language. */
export function siteServiceLabel(site: Site, service: Pick<ServiceDef, 'key' | 'label'>): string {
  return serviceLabel(service, site.lang);
}
