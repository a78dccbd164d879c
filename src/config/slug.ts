/**
 * The letters a city name may be written in: Latin letters, with or without accents (Latin-1,
 * Latin Extended-A and -B, Latin Extended Additional, combining accents). Cities in other scripts
 * are refused rather than guessed at: the slug names the city's folder and its web address.
 */
export const CITY_NAME = /^[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u1E00-\u1EFF][A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u1E00-\u1EFF\u0300-\u036F .'-]*$/;

/** A slug that is safe as one folder name and one URL segment: never empty, `.` or `..`. */
export const SAFE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Latin letters that Unicode decomposition leaves whole, spelled the way English writes them. */
const SPELLED: Record<string, string> = {
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h', ŧ: 't', ŋ: 'ng', ĸ: 'k', ƒ: 'f',
};

/** The city lowercased, accents and spelled letters turned into plain a-z, spaces still spaces. */
function plain(city: string): string {
  return city
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/[^\x00-\x7f]/g, (c) => SPELLED[c] ?? c);
}

/**
 * The city slug of spec section 7: the lowercased city with spaces turned into hyphens
 * (`Wesley Chapel` -> `wesley-chapel`), accents dropped (`São Paulo` -> `sao-paulo`). Anything
 * else that is not a letter, digit or hyphen is dropped as well (`Coeur d'Alene` ->
 * `coeur-dalene`), so a slug is safe as a folder name and a URL segment.
 */
export function citySlug(city: string): string {
  return plain(city)
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * True when every letter of the city reaches its slug and the slug is safe. A Latin letter with no
 * plain spelling (`ǝ`) would otherwise vanish from the slug, and a city made only of punctuation
 * would give none.
 */
export function cityHasSafeSlug(city: string): boolean {
  return !/[^\x00-\x7f]/.test(plain(city)) && SAFE_SLUG.test(citySlug(city));
}
