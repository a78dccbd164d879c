import { Gauge, type Registry } from 'prom-client';

/**
 * What the store holds that an operator must act on (issue 38 items 1 and 3), as gauges every
 * registry of the process reports: values no key of this server opens (unreadable until the key
 * that sealed them is given back), and patients' messages still in clear (an upgrade not
 * finished). They are found once the store opens, before a server's registry exists, and a
 * process serves one store, so the counts are the process's: set by the key and upgrade code
 * through the setters below, 0 until then.
 */
const counts = { unreadable: 0, plaintext: 0 };

const count = (n: number) => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/** Sets `clinicgen_unreadable_values`: sealed values no key this server was given opens. */
export function setUnreadableValues(n: number): void {
  counts.unreadable = count(n);
}

/** Sets `clinicgen_plaintext_messages`: patients' messages the store still keeps in clear. */
export function setPlaintextMessages(n: number): void {
  counts.plaintext = count(n);
}

/** Registers both gauges on a server's registry; each reads the process's count when scraped. */
export function registerDataGauges(registers: Registry[]): void {
  new Gauge({
    name: 'clinicgen_unreadable_values',
    help: 'Sealed values (messages, secrets) that no data key this server was given can open; give back the key that sealed them (DATA_KEY_PREVIOUS).',
    registers,
    collect() {
      this.set(counts.unreadable);
    },
  });
  new Gauge({
    name: 'clinicgen_plaintext_messages',
    help: "Patients' messages the store still keeps in clear: an upgrade that has not sealed them all yet.",
    registers,
    collect() {
      this.set(counts.plaintext);
    },
  });
}
