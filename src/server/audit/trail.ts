import type { Actor } from '../http/app-env.js';
import { recordMac, type AuditEntry, type AuditStore } from './store.js';

/** Appends records to the trail under the chain's key; every caller goes through here. */
export interface AuditTrail {
  record(entry: Omit<AuditEntry, 'at'> & { at?: string }): Promise<void>;
}

export function createAuditTrail(store: AuditStore, key: Buffer, now: () => Date): AuditTrail {
  return {
    async record(entry) {
      const full: AuditEntry = { ...entry, at: entry.at ?? now().toISOString() };
      // Fields are one line each, whatever a route put in them.
      for (const k of ['actorLabel', 'address', 'action', 'object', 'city'] as const) full[k] = full[k].replace(/[\r\n]+/g, ' ').slice(0, 512);
      await store.append(full, (previous, seq) => recordMac(key, previous, seq, full));
    },
  };
}

/** The actor fields of a record. */
export function actorFields(actor: Actor | undefined): Pick<AuditEntry, 'actorId' | 'actorLabel'> {
  return actor ? { actorId: actor.id, actorLabel: actor.label } : { actorId: '', actorLabel: '' };
}
