import { useCallback, useEffect, useState } from 'react';
import { AdminApp } from '../app.js';
import type { AdminForm } from '../form.js';
import { AppHeader } from '../header.js';
import { Button } from '../ui.js';
import { ViewPage } from '../view-page.js';
import { EnrolPage } from './enrol-page.js';
import { PasswordView } from './password-view.js';
import { SessionProvider } from './session-context.js';
import { SetupPage } from './setup.js';
import { SignInPage } from './sign-in.js';
import * as T from './texts.js';
import { TotpPage } from './totp.js';
import { useGate } from './use-gate.js';
import { IdleWarning } from './idle-warning.js';
import { resetLinkInAddress, ResetWhileSignedIn } from './reset-while-signed-in.js';

/**
 * What /admin shows before anything else: GET /api/session decides between the setup page (no
 * account yet), the sign-in steps and the admin itself. Only stage `full` mounts the admin; every
 * way of being signed out unmounts it, so no patient's message stays in the page.
 */
export function SessionGate({ initial }: { initial: AdminForm }) {
  const { gate, load, advance, signOut, restart, idleWarning } = useGate();
  const refresh = useCallback(() => void load(), [load]);
  const out = useCallback(() => void signOut(), [signOut]);
  /** A password-reset link this page was opened with: signed in, the person is asked what to do with it. */
  const [resetLink, setResetLink] = useState(resetLinkInAddress);
  const signedIn = gate.step === 'full' || gate.step === 'totp' || gate.step === 'enrol';
  // Signed out, the sign-in page takes the link itself: this page's copy is done with. Signed in, a
  // link pasted into this tab's address (a fragment change, no reload) is asked about too.
  useEffect(() => {
    if (gate.step === 'sign-in' || gate.step === 'setup' || gate.step === 'unreachable') setResetLink(undefined);
    if (!signedIn) return;
    const follow = () => {
      const token = resetLinkInAddress();
      if (token !== undefined) setResetLink(token);
    };
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, [gate.step, signedIn]);

  if (resetLink !== undefined && signedIn) {
    return (
      <>
        <AppHeader />
        <ResetWhileSignedIn
          token={resetLink}
          email={gate.account.email}
          // The link is dropped once signed out (the effect above): cleared before, the admin would
          // mount again for the moment the sign-out takes.
          onSignOut={out}
          onStay={() => setResetLink(undefined)}
        />
      </>
    );
  }

  // A password an owner set is changed before the admin opens (the server answers nothing else).
  if (gate.step === 'full' && gate.account.passwordChange) {
    return (
      <>
        <AppHeader />
        <PasswordView first onDone={refresh} />
        <div className="mx-auto max-w-xl px-4 pb-8 sm:px-6">
          <Button variant="secondary" onClick={out}>
            Sign out
          </Button>
        </div>
      </>
    );
  }
  if (gate.step === 'full') {
    return (
      <SessionProvider account={gate.account} signOut={out} refresh={refresh}>
        <AdminApp initial={initial} notice={gate.recoveryCodesLeft === undefined ? undefined : T.recoveryCodesLeft(gate.recoveryCodesLeft)} />
        <IdleWarning open={idleWarning.warning} onStay={idleWarning.stay} />
      </SessionProvider>
    );
  }
  return (
    <>
      <AppHeader />
      {gate.step === 'loading' && (
        <p role="status" className="mx-auto max-w-xl px-4 py-6 text-slate-700 sm:px-6">
          Loading...
        </p>
      )}
      {gate.step === 'unreachable' && (
        <ViewPage title={T.serverUnreachable} lead="Check the connection, then try again." narrow>
          <Button onClick={refresh}>Try again</Button>
        </ViewPage>
      )}
      {gate.step === 'setup' && <SetupPage onCreated={advance} />}
      {gate.step === 'sign-in' && <SignInPage notice={gate.notice} onSignedIn={advance} />}
      {/* The app lists the code under the clinic's name and this email (auth/routes.ts, otpauthUri). */}
      {gate.step === 'totp' && <TotpPage email={gate.account.email} onSignedIn={advance} onCancel={() => void restart()} />}
      {gate.step === 'enrol' && <EnrolPage onDone={(account) => advance('full', account)} onSignOut={out} />}
    </>
  );
}
