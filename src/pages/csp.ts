import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy every generated page carries in a `<meta>` (a static host sends no
 * headers of ours): scripts, styles, images and fonts from the site itself (fonts from 'self' even
 * on a site set in the device's font: the stylesheet, shared by every city, declares every brand
 * face, and Chromium reports each declared face a policy forbids as a console error, though it
 * downloads none it does not use); the one-line brand
 * colour rule by its hash, not 'unsafe-inline'; a logo (and the footer's light logo) at an absolute
 * URL from its own origin; and the contact form may talk to and post to the site and the clinic's
 * contact endpoint only, so a page cannot be made to send a patient's message anywhere else. `frame-ancestors` and reporting are
 * not allowed in a meta policy (browsers ignore them with a console error), so they are left to
 * the clinic server's header. The JSON-LD script is data, not script: CSP does not touch it.
 */
export function pageCsp({
  brandStyle,
  contactEndpoint,
  logoUrl,
  logoLightUrl,
}: {
  brandStyle: string;
  contactEndpoint: string;
  logoUrl?: string;
  /** The footer's light logo: at an absolute URL, its origin is allowed too. */
  logoLightUrl?: string;
}): string {
  const endpoint = originOf(contactEndpoint);
  const logos = [...new Set([logoUrl, logoLightUrl].map((u) => (u ? originOf(u) : undefined)).filter((o) => o !== undefined))];
  const self = (other?: string) => (other ? `'self' ${other}` : "'self'");
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' '${sha256(brandStyle)}'`,
    `img-src ${self(logos.join(' ') || undefined)}`,
    "font-src 'self'",
    `connect-src ${self(endpoint)}`,
    `form-action ${self(endpoint)}`,
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The brand colour rule of every page's inline `<style>` (the colour is checked as #rrggbb or #rgb). */
export function brandStyle(color: string): string {
  return `:root{--brand:${color}}`;
}

/** A CSP source for the origin of an absolute http(s) URL; undefined for a site path. */
function originOf(url: string): string | undefined {
  if (!/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function sha256(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}
