import { useCallback, useState } from 'react';
import { failureText } from '../api.js';
import type { Account } from './account.js';
import { confirmEnrol, startEnrol, stillSignedIn } from './auth-api.js';
import { appCode } from './code.js';
import * as T from './texts.js';

export type EnrolPhase =
  | { name: 'idle' }
  | { name: 'starting' }
  | { name: 'scan'; secret: string; uri: string; qrSvg: string }
  | { name: 'codes'; codes: string[]; account: Account };

/**
 * Setting up two-step sign-in: a new secret from the server (not active yet), a code from the app
 * to prove it was added, then the ten recovery codes, shown once. Confirm answers 400 or 401 for
 * a wrong code, and 401 also when the session is gone: the session is asked which it was.
 */
export function useEnrol() {
  const [phase, setPhase] = useState<EnrolPhase>({ name: 'idle' });
  const [error, setError] = useState<string | undefined>(undefined);
  const [codeError, setCodeError] = useState<string | undefined>(undefined);
  const [passwordError, setPasswordError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  /** `password`: asked again when signed in fully (Account > Two-step sign-in). True once the new key is shown. */
  const start = useCallback(async (password?: string): Promise<boolean> => {
    setPhase({ name: 'starting' });
    setError(undefined);
    setCodeError(undefined);
    setPasswordError(undefined);
    const answer = await startEnrol(password);
    if (answer.ok) {
      setPhase({ name: 'scan', secret: answer.secret, uri: answer.uri, qrSvg: answer.qrSvg });
      return true;
    }
    setPhase({ name: 'idle' });
    if (answer.status === 400 && answer.failure.errors.password) setPasswordError(answer.failure.errors.password);
    else if (answer.status !== 401) setError(answer.status === 0 ? T.notReached : failureText(answer.failure) || `Two-step sign-in could not be started (${answer.status}).`);
    return false;
  }, []);

  const confirm = async (typed: string) => {
    if (busy) return;
    setError(undefined);
    const code = appCode(typed);
    if (!code) return setCodeError('Enter the 6 digits your app shows.');
    setCodeError(undefined);
    setBusy(true);
    const answer = await confirmEnrol(code);
    setBusy(false);
    if (answer.ok) return setPhase({ name: 'codes', codes: answer.recoveryCodes, account: answer.account });
    if (answer.status === 0) return setError(T.notReached);
    if (answer.status === 401 && !(await stillSignedIn())) return;
    if (answer.status === 400 || answer.status === 401) return setCodeError(answer.failure.errors.code ?? (failureText(answer.failure) || 'That code is not right. Check the time on your phone and try the new code.'));
    setError(failureText(answer.failure) || `Two-step sign-in was not set up (${answer.status}).`);
  };

  /** Back to the start without confirming (the new key is never activated). */
  const cancel = useCallback(() => {
    setPhase({ name: 'idle' });
    setError(undefined);
    setCodeError(undefined);
    setPasswordError(undefined);
  }, []);

  return { phase, error, codeError, passwordError, setPasswordError, busy, start, confirm, cancel };
}

export type Enrol = ReturnType<typeof useEnrol>;
