import type { BrandLocation } from './model.js';

/** A state with locations, as the directory lists it. */
export interface StateGroup {
  /** Its postal code, `FL`. */
  code: string;
  name: string;
  locations: BrandLocation[];
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The states that have locations, by name, each with its locations by city: the same order on every
 * build. A state without locations is not here, so no directory page is empty.
 */
export function statesOf(locations: readonly BrandLocation[]): StateGroup[] {
  const groups = new Map<string, StateGroup>();
  for (const l of locations) {
    const code = l.site.stateCode;
    const g = groups.get(code) ?? { code, name: l.site.stateName, locations: [] };
    g.locations.push(l);
    groups.set(code, g);
  }
  return [...groups.values()]
    .sort((a, b) => byText(a.name, b.name))
    .map((g) => ({ ...g, locations: [...g.locations].sort((a, b) => byText(a.site.city, b.site.city) || byText(a.path, b.path)) }));
}
