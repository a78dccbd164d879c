import { verifyChain, type AuditHead, type AuditStore, type ChainBreak } from './store.js';

/**
 * `clinic-gen audit verify` (issue 38 item 5): every record in the store, whatever its number, in
 * order, checked against the MAC chain; with `head` (a head the server logged, `SEQ:MAC`), also
 * that the trail still reaches it. The first record at fault is named.
 */
export async function verifyTrail(key: Buffer, store: AuditStore, head?: AuditHead): Promise<{ ok: true; count: number; head?: AuditHead } | ChainBreak> {
  return verifyChain(key, store.each({}), { head });
}
