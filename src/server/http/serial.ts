/**
 * Work queued per key: each piece runs after the one queued before it for the same key, while
 * other keys go on meanwhile (a site's deploys, a client's password attempts). An idle key's
 * queue is forgotten, so the map holds only keys with work in flight.
 */
export function keyedSerial(): <T>(key: string, work: () => Promise<T>) => Promise<T> {
  const queues = new Map<string, Promise<unknown>>();
  return (key, work) => {
    const prev = queues.get(key) ?? Promise.resolve();
    const run = prev.then(work, work);
    const tail = run.catch(() => undefined);
    queues.set(key, tail);
    void tail.then(() => {
      if (queues.get(key) === tail) queues.delete(key);
    });
    return run;
  };
}
