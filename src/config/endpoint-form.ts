/**
 * What a contact endpoint may be: apart from the config's schema (schema.ts re-exports these), so
 * the CLI's start (its --contact-endpoint flag) does not load zod. No Node module here: the admin
 * app and the contact island bundle the schema for the browser.
 */

/**
 * True for an absolute http(s) URL a browser can post to from any site: a host, no user name or
 * password, nothing a page attribute or a CSP source would choke on. Loopback hosts are allowed
 * (a clinic server tried on this machine).
 */
export function isHttpEndpoint(v: string): boolean {
  if (!/^https?:\/\/[^\s"'<>\\]+$/i.test(v)) return false;
  try {
    const u = new URL(v);
    return u.hostname !== '' && u.username === '' && u.password === '';
  } catch {
    return false;
  }
}

/** A site path (`/api/contact`): only reachable when the clinic server itself serves the site. */
export const isPathEndpoint = (v: string): boolean => /^\/(?!\/)[A-Za-z0-9._~\/-]*$/.test(v);

/** The path of the clinic server's contact API: where a site served by the clinic server posts. */
export const CONTACT_API_PATH = '/api/contact';
