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

/**
 * Preview could not be made: "Failed to open the preview: {server message}", or without one when
 * the server said none (network). The tab opened for it closes again, so this says why.
 */
export const previewFailed = (reason?: string): Message => ({ title: reason ? `Failed to open the preview: ${reason}` : 'Failed to open the preview' });

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
export const cityIncompleteNote = (missing: string): Message => ({ title: `Not deployable until it has: ${missing}` });
export const cityVersionSavedIncomplete = (version: number | string, missing: string): Message => ({
  title: `Version ${version} saved without ${missing}`,
  hint: 'Generate and Deploy wait until they are given: a city publishes only its own facts.',
});

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
  message: `${city} leaves the list and goes to the trash, kept 30 days with its saved versions: you can bring it back from there.`,
});

export const cityDeleted = (city: string, offline: boolean, trash: boolean): Message => ({
  title: `${city} deleted${trash ? ' and kept in the trash for 30 days' : ' for good'}${offline ? '; its website is offline' : ''}`,
});

export const cityDeleteFailed = (city: string, reason: string): Message => ({ title: `${city} was not deleted: ${reason}` });

/** Import: the server could not be reached to check the files first; nothing saved. */
export const importPlanUnreachable = { title: 'The server could not be reached to check the files: nothing was imported. Try again.' } satisfies Message;

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

/* Nothing lost or undone silently (issue 23): leaving with unsaved edits, releases, pins, redeploy all. */

/** Asked before the editor of a city with unsaved changes is left for another view. */
export const leaveUnsaved = (city: string): Message => ({
  title: `Leave ${city} without saving?`,
  message: 'The changes made since the last save are lost. Stay to save them first.',
});

/** A release made live from a city's releases: back to an older one (pinned) or forward. */
export const releaseMadeLive = (city: string, when: string, pinned: boolean): Message => ({
  title: `${city} now serves the release of ${when}`,
  message: pinned ? 'It is pinned to this release: Redeploy all skips it until it is unpinned or deployed again.' : undefined,
});

export const releaseMakeLiveFailed = (city: string, reason: string): Message => ({ title: `${city} was not changed: ${reason}` });

/** Asked before a city's live site is taken offline from its releases. */
export const takeOfflineConfirm = (city: string): Message => ({
  title: `Delete the live site of ${city}?`,
  message: 'It is no longer served, and its releases are deleted. Its saved versions are kept: deploy it again to bring it back.',
});

export const takeOfflineFailed = (city: string, reason: string): Message => ({ title: `The site of ${city} was not taken offline: ${reason}` });

export const cityUnpinned = (city: string): Message => ({ title: `${city} is unpinned: the next Redeploy all deploys its latest saved version` });

export const unpinFailed = (city: string, reason: string): Message => ({ title: `${city} was not unpinned: ${reason}` });

/** Redeploy all, asked first: how many cities it deploys. */
export const redeployConfirm = (count: number): Message => ({
  title: count === 0 ? 'No city to redeploy' : `Redeploy ${count} live ${count === 1 ? 'city' : 'cities'}?`,
  message:
    count === 0
      ? 'No live city can be redeployed now: deploy a city first, or unpin a rolled-back one.'
      : 'Each one below is rebuilt from its latest saved version and made live.',
});

/** The error summary above a form the server refused. */
export const fieldsToCorrect = (count: number): Message => ({ title: count === 1 ? 'One field to correct' : `${count} fields to correct` });

/** Redeploy all, asked first (issue 39 item 5): the plan the server worked out, site by site. */
export const redeployPlanAsk = (rebuild: number, skipped: number): Message => ({
  title: Number(rebuild) === 0 ? 'Nothing to redeploy' : `Redeploy ${rebuild} ${Number(rebuild) === 1 ? 'site' : 'sites'}?`,
  message: `${rebuild} to rebuild and make live, ${skipped} skipped. Each live site is listed with what will happen to it.`,
});
export const redeployPlanRebuild = (version: string, liveVersion?: string): Message => ({
  title: `rebuilt from saved version ${version}${liveVersion ? ` (live: version ${liveVersion})` : ''}`,
});
export const redeployPlanBrand = (when: string): Message => ({ title: `rebuilt from the cities as saved now (live: release of ${when})` });
export const redeployPlanUnchanged = (when: string): Message => ({ title: `skipped: unchanged since its live release of ${when}` });
export const redeployPlanPinned = (when: string): Message => ({ title: `skipped: rolled back to the release of ${when}` });
export const redeployPlanIncomplete = (missing: string, when: string): Message => ({
  title: `skipped: its latest saved version has no ${missing}; the release of ${when} stays live`,
  hint: 'Give them in the city’s editor and save, then deploy it.',
});
export const redeployPlanChangedNotice = {
  title: 'What Redeploy all would do has changed since this list was shown',
  message: 'Nothing was started. This is the new plan: check it and confirm again.',
} satisfies Message;
/** A line of a run's result: what happened to the site. */
export const redeployOutcomeLive = (version?: string): Message => ({ title: version ? `live: rebuilt from saved version ${version}` : 'live: rebuilt' });
export const redeployOutcomeFailed = (why: string): Message => ({ title: `failed: ${why}` });
export const redeployStartedBy = (who: string, when: string): Message => ({ title: `Started by ${who}, ${when}` });
export const redeployStartedByUnknown = (when: string): Message => ({ title: `Started ${when} (who started it was not recorded)` });
export const redeployHistoryEmpty = { title: 'No Redeploy all has been run yet' } satisfies Message;

/** Deploy and rollback, asked first (issue 39 item 5): exactly what will happen. */
export const deployAsk = (site: string, version: string, where: string, liveWhen?: string, liveVersion?: string): Message => ({
  title: `Deploy ${site}?`,
  message: `Deploy ${site}${version ? `, saved version ${version},` : ''} to ${where}; ${
    liveWhen ? `it replaces the live release of ${liveWhen}${liveVersion ? ` (version ${liveVersion})` : ''}.` : 'it has no live release yet.'
  }`,
});
export const rollbackAsk = (site: string, when: string, version?: string, pins = true): Message => ({
  title: `Roll ${site} back?`,
  message: `Roll ${site} back to the release of ${when}${version ? ` (version ${version})` : ''}.${pins ? ` Redeploy all will skip ${site} until its next deploy.` : ''}`,
});
export const deployedBy = (who: string): Message => ({ title: `Deployed by ${who}` });
export const rolledBackBy = (who: string, when: string): Message => ({ title: who ? `Made live again by ${who}, ${when}` : `Made live again ${when}` });
export const rollForwardAsk = (site: string, when: string, version?: string, pins = true): Message => ({
  title: `Roll ${site} forward?`,
  message: `Make ${site}’s release of ${when}${version ? ` (version ${version})` : ''} live again.${pins ? ` Redeploy all will skip ${site} until its next deploy.` : ` It is the newest release: Redeploy all takes ${site} again.`}`,
});

/** 503: the site build queue is full (server/workers/build-pool.ts); nothing was built. */
export const buildQueueFull = (waiting: string, seconds: string): Message => ({
  title: `The server is still building ${waiting} other sites: nothing was built or changed`,
  message: 'Sites are built one at a time beside the public sites, so that a build never slows them, and only a few may wait.',
  hint: `Try again in ${seconds} seconds.`,
});
/** Make live, asked first (issue 39 item 5): nothing is live, so this is no roll back; `pins` when it is not the newest release. */
export const makeLiveAsk = (site: string, when: string, version?: string, pins = true): Message => ({
  title: `Make ${site} live?`,
  message: `Nothing of ${site} is live now. Make its release of ${when}${version ? ` (version ${version})` : ''} live.${pins ? ` It is not the newest release: Redeploy all will skip ${site} until its next deploy.` : ''}`,
});
/** Make live done: the site is online again. */
export const madeLive = (site: string, when: string, pinned: boolean): Message => ({
  title: `${site} is live again: it serves its release of ${when}`,
  message: pinned ? 'It is pinned to this release: Redeploy all skips it until it is deployed again.' : undefined,
});
/** The brand site's Deploy, asked first (issue 39 item 5): what it sends, where, what it replaces. */
export const brandDeployAsk = { title: 'Deploy the brand site?' } satisfies Message;
export const brandDeploySends = (url: string, count: string, locations: string): Message => ({
  title: `Deploys the brand site to ${url}, built from the brand settings as saved and the ${count} listed ${Number(count) === 1 ? 'location' : 'locations'} as saved now${locations ? `: ${locations}` : ''}.`,
});
export const brandDeployReplaces = (when: string, who?: string): Message => ({ title: `It replaces the live release of ${when}${who ? `, deployed by ${who}` : ''}.` });
export const brandDeployFirst = { title: 'Nothing is live yet: this makes the brand site live at its domain.' } satisfies Message;
export const brandDeployEndsRollback = { title: 'The brand site was rolled back: this deploy ends that, and Redeploy all includes it again.' } satisfies Message;
export const brandDeployReading = { title: 'Reading what is live now...' } satisfies Message;
/** The brand site's release made live from its releases: back, forward, or online again. */
export const brandReleaseMadeLive = (when: string, pinned: boolean): Message => ({
  title: `The brand site now serves the release of ${when}`,
  message: pinned ? 'It is pinned to this release: Redeploy all skips it until it is deployed again.' : undefined,
});
export const brandReleaseMoveFailed = (reason: string): Message => ({ title: `The brand site was not changed: ${reason}` });

/**
 * The inbox's mark of a message sent from a page in another language than English (issue 40), in
 * the list and the message view: whoever calls back should speak it ("Wrote in Spanish").
 */
export const inboxWroteIn = (language: string): Message => ({ title: `Wrote in ${language}` });

/** The inbox's language filter (issue 40): the language of the page each message was sent from. */
export const inboxLanguageFilter = { title: 'Language' } satisfies Message;

/** The language filter's choice of every language. */
export const inboxLanguageAny = { title: 'Any' } satisfies Message;
