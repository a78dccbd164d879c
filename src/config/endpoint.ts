import { isIP } from 'node:net';

/**
 * The host of a contact endpoint when it is loopback or private (`127.0.0.1`, `localhost`,
 * `192.168.1.20`, `10.0.0.2`, `fd00::1`, `clinic.local`), else undefined. A site hosted anywhere
 * else posts to that address from the patient's own device, where it is nobody's clinic server:
 * every message is lost, and nothing warns unless the tool does.
 */
export function privateEndpointHost(endpoint: string): string | undefined {
  let host: string;
  try {
    host = new URL(endpoint).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare === 'localhost' || bare.endsWith('.localhost') || bare.endsWith('.local') || bare.endsWith('.internal') || bare.endsWith('.lan')) return host;
  const v = isIP(bare);
  if (v === 4) {
    const [a = 0, b = 0] = bare.split('.').map(Number);
    if (a === 127 || a === 10 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127)) return host;
  } else if (v === 6) {
    const first = parseInt(bare.split(':')[0] || '0', 16);
    if (bare === '::1' || bare === '::' || (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || bare.startsWith('::ffff:127.') || bare.startsWith('::ffff:10.') || bare.startsWith('::ffff:192.168.')) return host;
  }
  return undefined;
}
