import type { Message } from './message.js';

/*
 * The admin app's texts: the alerts and deploy panel of spec section 8, word for word, and its
 * confirmations. One export an entry, so the admin bundle carries only the entries it reads.
 */

/** The upload failed before the server answered (network, aborted). */
export const logoUploadFailed = { title: 'Failed to upload logo' } satisfies Message;

/** The server refused a logo: "Failed to upload logo: {server message}". */
export const logoUploadRejected = (reason: string): Message => ({ title: `Failed to upload logo: ${reason}` });

/** A photo upload failed before the server answered (network, aborted). */
export const photoUploadFailed = { title: 'Failed to upload photo' } satisfies Message;

/** The server refused a photo: "Failed to upload photo: {server message}". */
export const photoUploadRejected = (reason: string): Message => ({ title: `Failed to upload photo: ${reason}` });

/** The server refused the form's fields; each field shows its own error. */
export const generateRejected = { title: 'Failed to generate website' } satisfies Message;

/** Generation failed for any other reason (network, an answer without files). */
export const generateFailed = { title: 'Error generating website' } satisfies Message;

export const generateSucceeded = { title: 'Website generated successfully!' } satisfies Message;

/** Preview, Download or Deploy pressed before Generate. */
export const generateFirst = { title: 'Please generate a website first' } satisfies Message;

/** The deploy panel's headline when the server gave none; the error line follows. */
export const deployFailed = { title: 'Deployment failed' } satisfies Message;

export const deployNetworkError = { title: 'Deployment failed', message: 'Network error' } satisfies Message;

export const deploySucceeded = { title: 'Deployed' } satisfies Message;

/** Asked before a delete, which takes a live site off the web. */
export const deleteConfirm = (siteName: string): Message => ({ title: `Delete the live site ${siteName}? It will no longer be served.` });


/** The deploy panel's headline after a deploy went live; the link follows as "Live at {url}". */
export const deployLive = (city: string): Message => ({ title: `The website for ${city} is live` });

/** Why Deploy Website is unavailable before a site is generated (its click shows generateFirst). */
export const deployNeedsSite = { title: 'Generate the website first; Deploy uses the last generated site.' } satisfies Message;

/* Saved cities (docs/decisions/012-stored-cities.md): the list, save, import, delete, redeploy all. */

/** Save added a version. */
export const cityVersionSaved = (version: number | string): Message => ({ title: `Version ${version} saved` });

/** Save found nothing changed since the latest version. */
export const cityVersionUnchanged = (version: number | string): Message => ({ title: `No changes to save: version ${version} is the latest` });

/** PUT answered 409: another tab or operator saved after this form was opened. */
export const citySaveConflict = (city: string): Message => ({
  title: `Not saved: someone else saved a newer version of ${city} since you opened it`,
  hint: 'Open the city again from the list to see that version; your changes are still in this form.',
});

/** POST answered 409: the city exists already. */
export const cityAlreadyExists = (city: string): Message => ({
  title: `Not saved: ${city} already exists`,
  hint: 'Open it from the list of cities, or change the city of this one.',
});

/** The server refused the config; the fields say why. */
export const citySaveRejected = { title: 'Not saved: please correct the fields marked below' } satisfies Message;

/** The save did not reach the server. */
export const saveUnreachable = { title: 'Not saved: the server could not be reached', hint: 'Check the connection and press Save again.' } satisfies Message;

/** A saved city's city field changed: that would be another site. */
export const cityRenameRefused = (city: string): Message => ({
  title: `Not saved: the city of a saved city stays ${city}`,
  hint: 'Its web address is made from the city. To make a site for another city, use Duplicate in the list of cities.',
});

/** The list or a city could not be read. */
export const cityLoadFailed = { title: 'The cities could not be loaded', hint: 'Reload the page to try again.' } satisfies Message;

/** The delete dialog: which city, what happens to its site and its history. */
export const cityDeleteConfirm = (city: string): Message => ({
  title: `Delete ${city}?`,
  message: `${city} leaves the list and its website goes offline now. Its saved versions are kept unless you tick the box below.`,
});

export const cityDeleted = (city: string, offline: boolean): Message => ({
  title: offline ? `${city} deleted; its website is offline` : `${city} deleted`,
});

export const cityDeleteFailed = (city: string, reason: string): Message => ({ title: `${city} was not deleted: ${reason}` });

/** Import: every file saved. */
export const importSucceeded = (count: number): Message => ({ title: `Imported ${count} ${count === 1 ? 'file' : 'files'}` });

/** Import: some files refused (nothing saved from them), the others saved. */
export const importPartly = (failed: number, saved: number): Message => ({
  title: `${failed} ${failed === 1 ? 'file was' : 'files were'} not imported; ${saved} imported`,
  message: 'Nothing was saved from a file with errors. Correct the lines named below and import it again.',
});

/** A file larger than the server takes, refused before sending it. */
export const importTooLargeToSend = (file: string, limit: string): Message => ({ title: `${file}: larger than ${limit}; not sent` });

/** Redeploy all: finished, with its counts. */
export const redeployFinished = (ok: number, failed: number): Message => ({ title: `Redeploy finished: ${ok} live, ${failed} failed` });

/** Redeploy all: the server stopped during the run. */
export const redeployInterrupted = { title: 'The last redeploy was interrupted: the server stopped during it', hint: 'Each city serves its old or its new release; press Redeploy all to finish.' } satisfies Message;

export const redeployStartFailed = (reason: string): Message => ({ title: `Redeploy all did not start: ${reason}` });

/** What Deploy Website will deploy when the form holds a saved version unchanged. */
export const deploysSavedVersion = (version: number | string, city: string): Message => ({ title: `Deploys saved version ${version} of ${city}.` });

/** Live Deployments: a release put back online. */
export const releaseRestored = (siteName: string, when: string): Message => ({ title: `${siteName} now serves the release of ${when}` });

export const releaseRestoreFailed = (siteName: string, reason: string): Message => ({ title: `${siteName} was not rolled back: ${reason}` });

/** Why Deploy Website is unavailable on a saved city with unsaved changes and no generated site. */
export const deployNeedsSave = { title: 'Save the changes first (Deploy then builds the saved version), or generate the website to deploy it unsaved.' } satisfies Message;
