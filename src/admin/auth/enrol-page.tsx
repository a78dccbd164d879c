import { useEffect, useRef } from 'react';
import { Button } from '../ui.js';
import { ViewPage } from '../view-page.js';
import type { Account } from './account.js';
import { CodesStep, ScanStep } from './enrol-steps.js';
import { useEnrol } from './use-enrol.js';

/**
 * Stage `enrol`: an account that must use two-step sign-in (owners, front desks, an editor the owner chose; NOTES.md decision 17) signed in without a second factor may do nothing else (decision 017).
 * The setup starts at once; after the recovery codes, the admin opens.
 */
export function EnrolPage({ onDone, onSignOut }: { onDone: (account: Account) => void; onSignOut: () => void }) {
  const enrol = useEnrol();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void enrol.start();
  }, [enrol.start]);

  const { phase } = enrol;
  if (phase.name === 'codes') {
    return (
      <ViewPage title="Save your recovery codes" lead="Two-step sign-in is on." narrow>
        <CodesStep codes={phase.codes} onSaved={() => onDone(phase.account)} />
      </ViewPage>
    );
  }
  return (
    <ViewPage
      title="Set up two-step sign-in"
      lead="Your account signs in with a password and a code from an authenticator app, so a stolen password alone opens nothing."
      narrow
      below={
        <div>
          <Button variant="ghost" onClick={onSignOut}>
            Sign out
          </Button>
        </div>
      }
    >
      {phase.name === 'scan' ? (
        <ScanStep enrol={enrol} phase={phase} />
      ) : (
        <EnrolStart enrol={enrol} onRetry={() => void enrol.start()} />
      )}
    </ViewPage>
  );
}

/** While the secret is being made, or after that failed: a status, or the error with Try again. */
export function EnrolStart({ enrol, onRetry }: { enrol: ReturnType<typeof useEnrol>; onRetry: () => void }) {
  return (
    <>
      <p role="status" className="text-sm text-slate-700">
        {enrol.phase.name === 'starting' ? 'Preparing a new key...' : ''}
      </p>
      <div role="alert">
        {enrol.error && (
          <div className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
            <p className="font-semibold">{enrol.error}</p>
            <Button variant="secondary" className="mt-2" onClick={onRetry}>
              Try again
            </Button>
          </div>
        )}
      </div>
    </>
  );
}
