/** The origin rule the settings check PUBLIC_URL, SITES_URL and CORS_ORIGINS with, and the request layer reuses (http/origin.ts). */

/** Normalises `https://Tampa.example.com/` to `https://tampa.example.com`; undefined if not an http(s) origin. */
export function normalizeOrigin(value: string): string | undefined {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}
