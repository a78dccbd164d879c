import { setPlaintextMessages } from '../metrics/index.js';

/**
 * Patients' messages whose text in clear the store still keeps outside its tables after an
 * upgrade sealed them (issue 38 item 3: PostgreSQL's WAL until a superuser runs
 * `clinic-gen plaintext scrub`, pg/wal-scrub.ts). Read at start; while any remain, read again
 * every `everyMs` and at most once a second when /readyz asks, so a scrub run from a shell shows in
 * /readyz and in `clinicgen_plaintext_messages` within a probe. Once none remain it is not read
 * again: nothing but an upgrade records any, and an upgrade is a start.
 */
export interface PlaintextWatch {
  /** Messages still in clear outside the tables, as last read (0: none). */
  remaining(): number;
  stop(): void;
}

export async function watchPlaintext(store: { plaintextRemaining?(): Promise<number> }, o: { everyMs?: number } = {}): Promise<PlaintextWatch> {
  const read = store.plaintextRemaining?.bind(store);
  if (!read) return { remaining: () => 0, stop: () => undefined };
  let count = await read();
  let readAt = Date.now();
  let reading: Promise<void> | undefined;
  const refresh = () => {
    if (reading || count === 0) return;
    readAt = Date.now();
    reading = read()
      .then((n) => {
        count = n;
        setPlaintextMessages(n);
        if (n === 0) clearInterval(timer);
      })
      // A database that does not answer keeps the last count; /readyz reports the database itself.
      .catch(() => undefined)
      .finally(() => (reading = undefined));
  };
  setPlaintextMessages(count);
  const timer = setInterval(refresh, o.everyMs ?? 15_000);
  timer.unref();
  if (count === 0) clearInterval(timer);
  return {
    remaining: () => {
      if (count > 0 && Date.now() - readAt >= 1000) refresh();
      return count;
    },
    stop: () => clearInterval(timer),
  };
}
