import type { Message } from './message.js';

/*
 * The server's replies about stored cities, their import and export, and redeploy-all
 * (docs/decisions/012-stored-cities.md). A route answers with an entry through apiError; a text
 * that names a value is a function returning a Message. Texts meant for a `field: message` or a
 * `file:line:col field: message` line start with their field.
 */

// A city and its versions

export const citySlugInvalid = { title: 'not a valid city slug (lowercase letters, digits and hyphens, like wesley-chapel)' } satisfies Message;
export const cityNotStored = (slug: string): Message => ({ title: `No saved city named ${slug}` });
export const cityAlreadyStored = (slug: string): Message => ({
  title: `A city named ${slug} is already saved.`,
  hint: 'Open it to change it, or give the new city another city name.',
});
export const cityVersionMissing = (slug: string, version: string): Message => ({ title: `${slug} has no saved version ${version}` });
export const cityVersionStale = (slug: string, base: string, latest: string): Message => ({
  title: `${slug} was saved again since it was opened: version ${latest} is the latest, not ${base}.`,
  hint: 'Open the city again to see the latest version, then make the change again.',
});
/** PUT of a config whose city makes another slug (shown under `errors.city`): renaming would orphan the site and its history. */
export const cityOfConfigDiffers = (city: string, made: string, slug: string): Message => ({
  title: `"${city}" makes the city ${made}, not ${slug}; to make another city from this one, duplicate it`,
});
/** The `config` field of a save is not an object (shown under `errors.config`). */
export const cityConfigMissing = { title: 'expected the clinic configuration as a JSON object' } satisfies Message;
export const cityVersionInvalid = { title: 'version: expected a whole number from 1' } satisfies Message;
export const cityBaseVersionInvalid = { title: 'baseVersion: expected a whole number from 1' } satisfies Message;
/** The config passed the schema but its YAML does not read back as the same config: a bug, never the operator's. */
export const cityYamlDrift = { title: 'this config cannot be stored as YAML that reads back the same; nothing was saved' } satisfies Message;
export const citySaveFailed = { title: 'The city was not saved' } satisfies Message;
export const cityDeployDetail = (version: string): Message => ({ title: `config version ${version}` });

// Import

export const importBodyInvalid = { title: 'files: expected a list of files, each {"name": "tampa.yaml", "text": "..."}' } satisfies Message;
export const importTooManyFiles = (max: string): Message => ({ title: `files: at most ${max} files in one import` });
export const importFileTooLarge = (file: string, size: string): Message => ({
  title: `${file} is larger than ${size}: nothing was imported`,
  hint: 'A clinic config is a few kilobytes; check that this is the right file.',
});
export const importFileNameInvalid = (name: string): Message => ({
  title: `files: ${JSON.stringify(name.slice(0, 80))} is not a plain file name (no '/', '\\', NUL or '..'): nothing was imported`,
});
export const importFilesFailed = (failed: string, total: string): Message => ({
  title: `${failed} of ${total} files were not imported: nothing was saved from a file with errors`,
  hint: 'Correct the lines named under each file and import those files again.',
});
/** An import's second file of one city: saved, it would become a new version of the first file's city in the same import. */
export const importSameCity = (city: string, earlier: string): Message => ({
  title: `${city} is also the city of ${earlier} in this import: nothing of this file was saved; import one file a city`,
});
/** 404: no city of that slug in the trash (never deleted, brought back already, or forgotten after the days it is kept). */
export const cityNotInTrash = (slug: string): Message => ({ title: `${slug} is not in the trash: it was not deleted, was brought back already, or was deleted more than 30 days ago and is gone` });
/** An import's file of a city the editor did not confirm (issue 39 item 2): nothing of it saved. */
export const importNotConfirmed = (city: string): Message => ({ title: `${city} was not among the cities confirmed for this import: nothing of it was saved` });
/** An import's file whose city was saved, created or deleted after the editor checked the import. */
export const importChangedSince = (city: string, latest?: string): Message => ({
  title: `${city} changed after this import was checked${latest ? ` (version ${latest} is the latest now)` : ''}: nothing of it was saved; import the file again to see what it would change`,
});
/** 503: the import queue is full (cities/import-worker.ts); nothing was read or saved. */
export const importQueueFull = (waiting: string, seconds: string): Message => ({
  title: `The server is still reading ${waiting} other imports: nothing was imported`,
  message: 'Imports are read one at a time beside the public sites, so that a large import never slows them, and only a few may wait.',
  hint: `Send the same files again in ${seconds} seconds.`,
});
export const importFileNul = { title: 'yaml: the file holds a NUL character; a clinic config is plain text (is this a binary file?)' } satisfies Message;
export const importFileTooDeep = { title: 'yaml: nested far deeper than any clinic config; the file was refused unread' } satisfies Message;
export const importFileUnreadable = { title: 'the file cannot be read as a YAML mapping of config fields' } satisfies Message;

// Redeploy all

export const redeployAlreadyRunning = { title: 'A redeploy of all cities is already running', hint: 'Its progress is shown; start another once it has finished.' } satisfies Message;
export const redeployRunMissing = (id: string): Message => ({ title: `No redeploy run ${id}` });
export const redeployCityGone = { title: 'the city was deleted during the redeploy' } satisfies Message;
export const redeployCityOffline = { title: 'the site was taken offline during the redeploy' } satisfies Message;
export const redeployCityPinned = { title: 'the city was rolled back during the redeploy and is pinned to that release' } satisfies Message;

// A city's own releases (cities/release-routes.ts, issue 23): scoped to the city in the path.
export const releaseNotOfCity = (release: string, slug: string): Message => ({ title: `${release} is not a release of ${slug}` });
export const releaseIdBad = { title: 'release: expected a release id like 20260101T000000000Z-0123abcd' } satisfies Message;
export const releaseNotLive = (release: string, slug: string): Message => ({
  title: `${release} is not the live release of ${slug}`,
  hint: 'Another change made a different release live since the page was loaded; reload to see it.',
});
export const cityNotPinned = (slug: string): Message => ({ title: `${slug} is not pinned` });

// The doorway check before a deploy (cities/deploy-routes.ts, issue 23 item 6).
export const doorwayTooAlike = (city: string, score: string, sibling: string, limit: string): Message => ({
  title: `${city} reads as a copy of ${sibling}: ${score} of what its pages say of their own is on ${sibling}'s site too (more than ${limit} fails)`,
  hint: 'Search engines treat near-identical city pages as doorway pages. Write what is true of this city (why this city, its team, areas served, local questions), or deploy anyway after confirming.',
});
export const doorwayNoLocalContent = (city: string, words: number, least: number): Message => ({
  title: `${city} says almost nothing of its own: ${words} words that no other city's pages say (at least ${least} are needed)`,
  hint: 'Write what is true of this city (why this city, its team, areas served, local questions), or deploy anyway after confirming.',
});
export const doorwayConfirmInvalid = { title: 'confirmDoorway: expected true or false' } satisfies Message;

// The brand site (issue 24): one site on the brand's domain with every listed city.

export const brandSiteNoDomain = {
  title: 'There is no brand site yet: the brand settings have no brand site domain',
  hint: 'Set "Brand site domain" in Brand settings, then generate or deploy the brand site.',
} satisfies Message;
export const brandSiteInvalid = (problems: string): Message => ({ title: `The brand site cannot be built: ${problems}` });
export const brandSiteDoorway = (cities: string): Message => ({
  title: `The doorway check fails on the brand site's location pages: ${cities}`,
  hint: 'Search engines treat near-identical city pages as doorway pages. Write what is true of each city (why this city, its team, areas served, local questions), or deploy anyway after confirming.',
});
export const brandSiteDeployDetail = (locations: string): Message => ({ title: `brand site, ${locations} locations` });
export const brandSiteReleaseUnknown = (id: string): Message => ({ title: `${id} is not a release of the brand site` });
export const versionIncomplete = (city: string, version: number, missing: string): Message => ({
  title: `${city}'s saved version ${version} has no ${missing}: a city publishes only its own facts`,
  hint: 'Give them in the city’s editor and save; nothing is built from this version until then.',
});
export const redeployIncomplete = (missing: string): Message => ({ title: `its latest saved version has no ${missing}: it stays as it is until they are given` });
export const redeployUnchanged = { title: 'unchanged since its live release: same saved versions, same clinic-gen, same special hours shown' } satisfies Message;

// Special hours for several cities in one step (issue 39 item 9).
export const bulkHoursConflict = (city: string, existing: string): Message => ({
  title: `${city} already has special hours on those days (${existing}); nothing was changed for it`,
  hint: 'Change or remove that entry in the city’s Hours section, or leave the city out of this change.',
});
export const bulkHoursPinned = (release: string): Message => ({
  title: `saved, not redeployed: the city was rolled back to release ${release} and is pinned there`,
  hint: 'Deploy the city, or unpin it, when its site should show the new special hours.',
});
export const bulkHoursNotDeployed = { title: 'saved only: the city has no live site to redeploy' } satisfies Message;
export const bulkHoursRefused = (problems: string): Message => ({ title: `the city’s configuration does not take this entry: ${problems}` });
export const bulkHoursNotConfirmed = (slug: string): Message => ({ title: `expected the version of ${slug} the preview showed` });
export const bulkHoursSlugsRepeated = { title: 'expected each city once' } satisfies Message;
export const bulkHoursPastEntry = { title: 'this entry is over before today, so the pages will not show it' } satisfies Message;
export const bulkHoursGone = { title: 'saved, not redeployed: the city was deleted before its redeploy' } satisfies Message;

/** Redeploy all refused (409): what it would do has changed since the operator's dialog read it (issue 39 item 5). */
export const redeployPlanChanged = {
  title: 'What Redeploy all would do has changed since it was shown',
  hint: 'Nothing was started. Read the new plan and confirm it again.',
} satisfies Message;
