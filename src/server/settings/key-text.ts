/** How a data key is written (DATA_KEY, or a DATA_KEY_FILE's content): the settings check it at start-up, crypto/data-key.ts reads it. */

export const KEY_BYTES = 32;

/** A key written as base64 (DATA_KEY, or a DATA_KEY_FILE's content), or the problem with it. */
export function parseKeyText(text: string): { ok: true; key: Buffer } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return { ok: false, error: `expected ${KEY_BYTES} bytes in base64 (make one with: openssl rand -base64 32)` };
  const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (key.length !== KEY_BYTES) return { ok: false, error: `expected ${KEY_BYTES} bytes in base64, got ${key.length} bytes (make one with: openssl rand -base64 32)` };
  return { ok: true, key };
}
