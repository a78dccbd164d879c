import { createHash } from 'node:crypto';
import type { ClinicConfig } from './schema.js';

/** Keys sorted at every level, so the digest does not depend on the order fields were written in. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => [k, canonical(v)]));
}

/** The digest of a validated config. */
export function configDigest(config: ClinicConfig): string {
  return createHash('sha256').update(JSON.stringify(canonical(config))).digest('base64url');
}
