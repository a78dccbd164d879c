import { useCallback, useEffect, useRef, useState } from 'react';
import * as M from '../../texts/admin.js';
import { getRun, latestRun, startRedeploy, type RedeployRun } from '../cities-api.js';
import { sentence } from '../notice.js';

/** Redeploy-all (docs/decisions/012-stored-cities.md): the admin asks for a run's progress every 500 ms. */
const POLL_MS = 500;
/** Failed polls in a row before the page stops asking (the run goes on on the server). */
const MAX_POLL_FAILURES = 20;
/** The run the operator hid, so a reload does not show it again. */
const HIDDEN_KEY = 'clinic-gen.redeploy-hidden';

const hiddenRun = () => {
  try {
    return localStorage.getItem(HIDDEN_KEY);
  } catch {
    return null; // storage refused (privacy settings): the run just shows again
  }
};

/**
 * Redeploy all: starts a run on the server and follows it until it ends. The run belongs to the
 * server, so a page opened (or reloaded) while one is going picks it up and follows it; the last
 * run stays shown (its summary, or that it was interrupted) until the operator hides it.
 */
export function useRedeploy(onFinished: () => void, enabled = true) {
  const [run, setRun] = useState<RedeployRun | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const finished = useRef(onFinished);
  finished.current = onFinished;

  const follow = useCallback((id: string, failures = 0) => {
    timer.current = setTimeout(async () => {
      try {
        const next = await getRun(id);
        setRun(next);
        if (next.state === 'running') follow(id);
        else finished.current();
      } catch (err) {
        console.error(err);
        if (failures + 1 < MAX_POLL_FAILURES) follow(id, failures + 1);
      }
    }, POLL_MS);
  }, []);

  useEffect(() => {
    // A role that may not redeploy does not ask about runs either.
    if (!enabled) return;
    let live = true;
    latestRun().then(
      (r) => {
        if (!live || !r || (r.state !== 'running' && r.id === hiddenRun())) return;
        setRun(r);
        if (r.state === 'running') follow(r.id);
      },
      (err: unknown) => console.error(err),
    );
    return () => {
      live = false;
      clearTimeout(timer.current);
    };
  }, [follow, enabled]);

  const start = async () => {
    setError(undefined);
    const answer = await startRedeploy();
    // 409: one is running already; follow that one.
    const started = answer.ok ? answer.run : (answer.body?.run as RedeployRun | undefined);
    if (!started) {
      setError(sentence(M.redeployStartFailed(answer.ok ? 'no run in the answer' : (answer.failure.message ?? answer.failure.error ?? String(answer.status)))));
      return;
    }
    clearTimeout(timer.current);
    setRun(started);
    if (started.state === 'running') follow(started.id);
    else finished.current();
  };

  const dismiss = () => {
    try {
      if (run) localStorage.setItem(HIDDEN_KEY, run.id);
    } catch {
      // storage refused: hidden for this page only
    }
    setRun(null);
  };

  return { run, error, start, running: run?.state === 'running', dismiss };
}
