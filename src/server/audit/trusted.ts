import { verifyChain, type AuditHead, type AuditStore } from './store.js';

/** What the Audit trail view may show: records 1 to `through` verify; `broken` names the first that does not. */
export interface TrailCheck {
  through: number;
  broken?: { seq: number; reason: string; unverified: number };
}

/**
 * The part of the trail that verifies, for the Audit trail view (issue 38 item 5): the view shows
 * records 1 to `through` and, past a break, a notice instead of the rest. Verifying a long trail
 * costs a MAC a record (about 8 µs), so the part verified is remembered with the store's stamp of it
 * (store.ts `stamp`): while that holds, only the records appended since are read. A change to a
 * verified record, a removal, or a record added below it changes the stamp, and the whole trail is
 * verified again; and a trail shorter than this server saw it, or another at the newest record it
 * saw, is shown cut short. `clinic-gen audit verify` always reads every record.
 */
export function trustedTrail(store: AuditStore, key: Buffer): { check(): Promise<TrailCheck> } {
  let known: { count: number; mac: string; stamp: string } | undefined;
  // The newest head this server has seen verify: a trail found shorter, or different at that
  // record, was cut short (records removed from the end leave a whole, shorter chain).
  let seen: AuditHead | undefined;
  return {
    async check() {
      const resume = known && (await store.stamp(known.count)) === known.stamp ? known : undefined;
      const v = await verifyChain(key, store.each(resume ? { after: resume.count } : {}), { start: resume, head: seen });
      if (v.ok) {
        known = { count: v.count, mac: v.head?.mac ?? '', stamp: await store.stamp(v.count) };
        seen = v.head ?? seen;
        return { through: v.count };
      }
      // The records after the last that verifies are not shown: how many there are, whatever their numbers.
      const { total } = await store.page({}, 1, 1);
      return { through: v.count, broken: { seq: v.seq, reason: v.reason, unverified: Math.max(0, total - v.count) } };
    },
  };
}
