import { useState, type FormEvent } from 'react';
import { FormStatus, TextField } from '../form-fields.js';
import { Button } from '../ui.js';
import { ViewPage } from '../view-page.js';
import { CodesStep, ScanStep } from './enrol-steps.js';
import { EnrolStart } from './enrol-page.js';
import { useSession } from './session-context.js';
import { useEnrol } from './use-enrol.js';

/**
 * Account > Two-step sign-in: whether it is on, and setting it up (or replacing it: a new phone,
 * new recovery codes). The old one keeps working until the new one is confirmed. The password is
 * asked first: a browser left signed in must not be enough to put another app on the account.
 */
export function TwoStepView() {
  const session = useSession();
  const enrol = useEnrol();
  const [done, setDone] = useState(false);
  const [password, setPassword] = useState('');
  const on = session?.account.totp === true;
  const { phase } = enrol;
  const begin = () => {
    if (!password) return enrol.setPasswordError('Enter your password.');
    setDone(false);
    void enrol.start(password).then((shown) => shown && setPassword(''));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (phase.name !== 'starting') begin();
  };

  if (phase.name === 'codes' && !done) {
    return (
      <ViewPage title="Save your recovery codes" lead="Two-step sign-in is on." narrow>
        <CodesStep
          codes={phase.codes}
          onSaved={() => {
            setDone(true);
            session?.refresh();
          }}
        />
      </ViewPage>
    );
  }
  if (phase.name === 'scan') {
    return (
      <ViewPage
        title={on ? 'Replace two-step sign-in' : 'Set up two-step sign-in'}
        narrow
        below={
          <div>
            <Button variant="ghost" onClick={enrol.cancel}>
              Cancel
            </Button>
          </div>
        }
      >
        <ScanStep enrol={enrol} phase={phase} />
      </ViewPage>
    );
  }
  return (
    <ViewPage
      title="Two-step sign-in"
      narrow
      lead={
        on || done
          ? 'Two-step sign-in is on: you sign in with your password and a code from your authenticator app.'
          : 'Two-step sign-in is off: your password alone signs you in. With it on, a code from an authenticator app is asked too.'
      }
    >
      <FormStatus text={done ? 'Two-step sign-in is on, with ten new recovery codes.' : undefined} />
      {(phase.name === 'idle' || phase.name === 'codes') && (
        <form onSubmit={submit} noValidate aria-label={on || done ? 'Set up two-step sign-in again' : 'Set up two-step sign-in'} className="mt-2 grid gap-3">
          <p className="text-sm text-slate-700">
            {on || done
              ? 'Set it up again to move it to a new phone or to get ten new recovery codes. The old app and codes stop working once the new code is confirmed.'
              : 'You need an authenticator app on your phone.'}
          </p>
          <TextField id="two-step-password" label="Your password" type="password" value={password} onValue={setPassword} hint="Asked again before two-step sign-in changes." error={enrol.passwordError} autoComplete="current-password" />
          <div>
            <Button type="submit">{on || done ? 'Set up again' : 'Set up two-step sign-in'}</Button>
          </div>
        </form>
      )}
      <EnrolStart enrol={enrol} onRetry={begin} />
    </ViewPage>
  );
}
