/**
 * What the admin says about signing in and out. Kept beside the sign-in pages for now; the
 * catalogue (src/texts/admin.ts) is where they belong once decision 017's server side lands.
 */

import { MIN_PASSWORD } from './account.js';

export const passwordHint = `At least ${MIN_PASSWORD} characters. A few unrelated words make a strong one; common passwords are refused.`;
export const signedOutIdle = (minutes: number) => `You were signed out after ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} without activity.`;
export const sessionEnded = 'Your session ended. Sign in again.';
export const signedOutByYou = 'You signed out.';
export const serverUnreachable = 'The server could not be reached';
export const notReached = 'The server could not be reached. Check the connection and try again.';
export const tryAgainAt = (time: string) => `You can try again at ${time}.`;
export const recoveryCodesLeft = (left: number) =>
  `You signed in with a recovery code; ${left} ${left === 1 ? 'code is' : 'codes are'} left. Set up two-step sign-in again to get ten new ones.`;
export const idleWarningTitle = 'You will be signed out in 60 seconds';
export const idleWarningText = 'Nothing has been typed or clicked here for a while. Stay signed in to keep working; unsaved work stays as it is.';
export const staySignedIn = 'Stay signed in';
