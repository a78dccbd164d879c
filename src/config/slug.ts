/**
 * The city slug of spec section 7: the lowercased city with spaces turned into hyphens
 * (`Wesley Chapel` -> `wesley-chapel`). Anything else that is not a letter, digit or hyphen is
 * dropped as well, so a slug is always safe as a folder name and a URL segment.
 */
export function citySlug(city: string): string {
  return city
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}
