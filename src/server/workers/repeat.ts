/**
 * Runs `work` now and every `everyMs`, one run at a time (a tick while a run is under way is
 * skipped), for the server's background chores: the retention purge, the special-hours redeploys,
 * the trash's purge. The timers never keep the process alive. `work` handles its own failures (each
 * chore logs its own); one that throws anyway only ends that run. The stop ends the repeats and
 * settles once a run under way has ended.
 */
export function repeatInBackground(work: () => Promise<unknown>, everyMs: number): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = work()
      .catch(() => undefined)
      .finally(() => (running = undefined));
  };
  const first = setTimeout(tick, 0);
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
