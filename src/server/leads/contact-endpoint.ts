import { CONTACT_API_PATH } from '../../config/schema.js';
import { isHttpEndpoint } from '../../config/endpoint-form.js';

/**
 * Where a site made by the admin posts: the config's absolute URL when it names one, else this
 * server's contact API (a path the config names, or /api/contact) at `serverOrigin`, which is
 * PUBLIC_URL or the origin the admin was reached at: the clinic server that stores the messages.
 */
export function contactEndpointFor(configEndpoint: string | undefined, serverOrigin: string): string {
  if (configEndpoint && isHttpEndpoint(configEndpoint)) return configEndpoint;
  return new URL(configEndpoint ?? CONTACT_API_PATH, serverOrigin).href;
}
