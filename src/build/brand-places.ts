import { readFileSync } from 'node:fs';
import { parseConfigText } from '../config/load.js';
import { CITY_NAME, cityHasSafeSlug } from '../config/slug.js';
import { lookupState } from '../config/states.js';
import { readFast } from '../config/yaml-fast.js';
import type { QuickPlace } from '../brand-site/site.js';

/**
 * Where each city config says it is (city, state), read quickly: the builders validate every
 * config in full on every core (and hand it back, BuildJob.returnConfig); reading each in full here
 * too took most of this thread's time in a build of 1,000 (zod, about 0.8 ms a config). A config
 * whose city or state cannot be read so is read in full here, for its messages.
 */
export function placesOf(paths: readonly string[]): { ok: true; cities: { configPath: string; config: QuickPlace }[]; texts: Map<string, string> } | { ok: false; errors: string[] } {
  const errors: string[] = [];
  const cities: { configPath: string; config: QuickPlace }[] = [];
  const texts = new Map<string, string>();
  for (const configPath of paths) {
    let text: string;
    try {
      text = readFileSync(configPath, 'utf8');
    } catch (err) {
      errors.push(`${configPath}: cannot read the config (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
      continue;
    }
    texts.set(configPath, text);
    const data = readFast(text)?.data as Record<string, unknown> | undefined;
    const str = (k: string) => (typeof data?.[k] === 'string' ? (data[k] as string).trim() : undefined);
    const [city, state, canonical, domainName, website] = ['city', 'state', 'canonical', 'domainName', 'website'].map(str);
    const languages = data?.languages;
    const plainLanguages = languages === undefined || (Array.isArray(languages) && languages.every((l) => l === 'en' || l === 'es') && languages.includes('en') && new Set(languages).size === languages.length);
    // Only what the schema would take as it is (else the full read below words the problem).
    const plain = (k: string) => data?.[k] === undefined;
    if (
      city && state && lookupState(state) && CITY_NAME.test(city) && cityHasSafeSlug(city) &&
      (plain('canonical') || canonical === 'own' || canonical === 'brand') &&
      (plain('domainName') || (domainName && /^[a-z0-9.-]+$/i.test(domainName))) &&
      (plain('website') || (website && URL.canParse(website))) &&
      plainLanguages
    ) {
      cities.push({
        configPath,
        config: {
          city,
          state,
          ...(canonical ? { canonical: canonical as 'own' | 'brand' } : {}),
          ...(domainName ? { domainName: domainName.toLowerCase() } : {}),
          ...(website ? { website } : {}),
          ...(Array.isArray(languages) ? { languages: languages as ('en' | 'es')[] } : {}),
        },
      });
      continue;
    }
    const r = parseConfigText(text, configPath);
    if (!r.ok) errors.push(...r.errors);
    else cities.push({ configPath, config: r.config });
  }
  return errors.length ? { ok: false, errors } : { ok: true, cities, texts };
}

