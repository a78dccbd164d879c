import { useLayoutEffect } from 'react';
import { Button } from '../ui.js';
import { ViewPage } from '../view-page.js';
import { RESET_HASH } from './password-reset.js';

/** The address without its fragment. */
const bare = () => location.pathname + location.search;

/** The token of a password-reset link the address carries (`#reset-password/<token>`), or undefined. */
export const resetLinkInAddress = (): string | undefined => (location.hash.startsWith(RESET_HASH) ? location.hash.slice(RESET_HASH.length) : undefined);

/**
 * A reset link opened in a browser already signed in (issue 37 item 9). The link's token leaves the
 * address bar and the history at once, as on the sign-in page, and the person chooses: sign out and
 * choose a new password with it (the link is put back for the sign-in page, which takes it again),
 * or stay signed in and leave the link unused.
 */
export function ResetWhileSignedIn({ token, email, onSignOut, onStay }: { token: string; email: string; onSignOut: () => void; onStay: () => void }) {
  // Before paint, in the same task as this page is shown (see usePasswordRecovery).
  useLayoutEffect(() => {
    if (location.hash.startsWith(RESET_HASH)) history.replaceState(history.state, '', bare());
  }, []);
  const signOutAndUse = () => {
    history.replaceState(history.state, '', `${bare()}${RESET_HASH}${token}`);
    onSignOut();
  };
  return (
    <ViewPage title="You are signed in" lead="This link is for choosing a new password, which is done signed out." narrow>
      <p className="text-sm text-slate-700">
        This browser is signed in as <strong className="break-all">{email}</strong>. Sign out to choose a new password with the link, or stay signed in and leave the link unused.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button onClick={signOutAndUse}>Sign out and choose a new password</Button>
        <Button variant="secondary" onClick={onStay}>
          Stay signed in
        </Button>
      </div>
    </ViewPage>
  );
}
