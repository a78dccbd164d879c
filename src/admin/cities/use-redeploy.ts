import { useCallback, useEffect, useRef, useState } from 'react';
import * as M from '../../texts/admin.js';
import { SIGNED_OUT_EVENT, failureText } from '../api.js';
import { useAccount } from '../auth/session-context.js';
import { SIGNED_OUT_KEY } from '../auth/use-gate.js';
import { getRun, latestRun, planRedeploy, startRedeploy, type RedeployPlanView, type RedeployRun } from '../cities-api.js';
import { sentence } from '../notice.js';
import { expectationOf } from '../../contract/deploys.js';

/** Redeploy-all (docs/decisions/012-stored-cities.md): the admin asks for a run's progress every 500 ms. */
const POLL_MS = 500;
/** Failed polls in a row before the page stops asking (the run goes on on the server). */
const MAX_POLL_FAILURES = 20;
/**
 * The run this person started in this browser session (issue 39 item 5): its result is theirs, so
 * it is kept in sessionStorage (this tab, until it closes) and forgotten at sign-out; another
 * person signing in here, or the same person elsewhere, sees it in the history instead.
 */
const MINE_KEY = 'clinic-gen.redeploy-mine';

const readMine = (): { run: string; account: string } | undefined => {
  try {
    const v = JSON.parse(sessionStorage.getItem(MINE_KEY) ?? 'null') as { run?: unknown; account?: unknown; at?: unknown } | null;
    if (!v || typeof v.run !== 'string' || typeof v.account !== 'string') return undefined;
    // Signed out since the run was started: the result went with that sign-in.
    const out = JSON.parse(localStorage.getItem(SIGNED_OUT_KEY) ?? 'null') as { at?: unknown } | null;
    if (typeof out?.at === 'number' && out.at >= (typeof v.at === 'number' ? v.at : 0)) return undefined;
    return { run: v.run, account: v.account };
  } catch {
    return undefined; // storage refused (privacy settings): the result stays in the history
  }
};
const writeMine = (v: { run: string; account: string } | undefined) => {
  try {
    if (v) sessionStorage.setItem(MINE_KEY, JSON.stringify({ ...v, at: Date.now() }));
    else sessionStorage.removeItem(MINE_KEY);
  } catch {
    // storage refused: shown for this page only
  }
};

/**
 * Redeploy all: asks the server what it would do (the plan the dialog shows), starts the run with
 * that plan (refused, with the new plan, if it changed meanwhile) and follows it until it ends. A
 * running run is shown to everyone, with who started it; a finished one only to the person who
 * started it, in the browser session where they did.
 */
export function useRedeploy(onFinished: () => void, enabled = true) {
  const account = useAccount()?.id ?? '';
  const [run, setRun] = useState<RedeployRun | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const [plan, setPlan] = useState<RedeployPlanView | undefined>(undefined);
  const [planChanged, setPlanChanged] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const finished = useRef(onFinished);
  finished.current = onFinished;

  const mine = useCallback((r: RedeployRun) => {
    const m = readMine();
    return m !== undefined && m.run === r.id && m.account === account && (!r.startedBy || r.startedBy.id === account);
  }, [account]);

  /** Shows a run as it now stands: a finished run of someone else leaves the screen (it is in the history). */
  const showRun = useCallback((r: RedeployRun | null) => setRun(r && (r.state === 'running' || mine(r)) ? r : null), [mine]);

  const follow = useCallback((id: string, failures = 0) => {
    timer.current = setTimeout(async () => {
      try {
        const next = await getRun(id);
        showRun(next);
        if (next.state === 'running') follow(id);
        else finished.current();
      } catch (err) {
        console.error(err);
        if (failures + 1 < MAX_POLL_FAILURES) follow(id, failures + 1);
      }
    }, POLL_MS);
  }, [showRun]);

  useEffect(() => {
    // A role that may not redeploy does not ask about runs either.
    if (!enabled) return;
    let live = true;
    latestRun().then(
      (r) => {
        if (!live || !r) return;
        showRun(r);
        if (r.state === 'running') follow(r.id);
      },
      (err: unknown) => console.error(err),
    );
    const forget = () => writeMine(undefined);
    addEventListener(SIGNED_OUT_EVENT, forget);
    return () => {
      live = false;
      clearTimeout(timer.current);
      removeEventListener(SIGNED_OUT_EVENT, forget);
    };
  }, [follow, showRun, enabled]);

  /** Opens the dialog with what the server would do now. */
  const ask = async () => {
    setError(undefined);
    setPlanChanged(false);
    const answer = await planRedeploy();
    if (answer.ok) setPlan(answer.plan);
    else setError(sentence(M.redeployStartFailed(failureText(answer.failure) || String(answer.status))));
  };

  /** Starts the plan the dialog showed. */
  const start = async () => {
    if (!plan) return;
    setError(undefined);
    const answer = await startRedeploy(expectationOf(plan));
    const newPlan = answer.ok ? undefined : (answer.body?.plan as RedeployPlanView | undefined);
    if (newPlan) {
      // Changed since it was shown: the dialog stays open with the new plan, to confirm again.
      setPlan(newPlan);
      setPlanChanged(true);
      return;
    }
    // 409: one is running already; follow that one.
    const started = answer.ok ? answer.run : (answer.body?.run as RedeployRun | undefined);
    setPlan(undefined);
    if (!started) {
      setError(sentence(M.redeployStartFailed(answer.ok ? 'no run in the answer' : failureText(answer.failure) || String(answer.status))));
      return;
    }
    if (answer.ok) writeMine({ run: started.id, account });
    clearTimeout(timer.current);
    setRun(started);
    if (started.state === 'running') follow(started.id);
    else finished.current();
  };

  const dismiss = () => {
    writeMine(undefined);
    setRun(null);
  };

  const close = () => {
    setPlan(undefined);
    setPlanChanged(false);
  };

  return { run, error, plan, planChanged, ask, start, close, running: run?.state === 'running', dismiss };
}
