import type { Message } from './message.js';

/*
 * The server's error replies. Name each text once here, one export an entry; a route answers
 * with an entry through apiError (src/server/http/api-error.ts: `title` as `message`, the specific
 * cause as `error`). A text that names a value is a function returning a Message:
 *
 *   import type { Message } from './message.js';
 *   export const siteUnknown = (site: string): Message => ({ title: `No live site named ${site}` });
 *
 * The contact route's replies are in contact.ts. Names are unique across the catalogue.
 */

// Any route

/** A path no route or file answers under /api: the JSON failure. */
export const pathNotFound = { title: 'Not found' } satisfies Message;

/**
 * A page no route or file answers where no site's own not-found page can (an address of no
 * deployed site, a site without a 404.html): plain text, saying what the site's page says
 * (NOTES.md decision 15; src/texts/site.ts).
 */
export const pageNotFound = { title: 'Page Not Found.', message: 'There is no page at this address. The link may be old, or the address may be mistyped.' } satisfies Message;

/** A path the path guard refuses (src/server/http/path-guard.ts): encoded slashes, dot segments, control characters. */
export const pathRejected = { title: 'Bad request path' } satisfies Message;

/** A failure nobody expected; the cause goes to the server log, never into the answer. */
/** A write the disk had no room for (ENOSPC, a quota): 507, nothing half-written kept. */
export const serverDiskFull = {
  title: 'The server has no room left on its disk to store this',
  hint: 'Free some disk space on the server and try again; nothing of this request was kept.',
} satisfies Message;
export const serverFailed = { title: 'Internal server error' } satisfies Message;

/** The database stayed locked by another program for seconds (src/server/sqlite/busy.ts); nothing was changed. */
export const serverBusy = { title: 'The server is busy: nothing was changed. Please try again in a few seconds.' } satisfies Message;

/** A request naming fields that are wrong: `errors` says which and why. */
export const fieldsInvalid = { title: 'Please correct the fields named in errors and send the request again.' } satisfies Message;

export const requestTooLarge = (size: string): Message => ({ title: `The request is larger than ${size}` });
export const requestMalformed = (reason: string): Message => ({ title: `Bad request: ${reason}` });
export const bodyNotJson = { title: 'Bad request: the body is not valid JSON' } satisfies Message;

/** A JSON body nested deeper than any call takes (read-json.ts). */
export const bodyNestedTooDeep = (levels: number): Message => ({ title: `Bad request: the body's JSON is nested more than ${levels} levels deep` });

// The admin guard and sign-in (docs/decisions/017-staff-accounts.md)

export const adminTooManyAttempts = { title: 'Too many failed sign-ins from this address; try again in a minute' } satisfies Message;
export const accountTooManyAttempts = { title: 'Too many failed sign-ins for this account; try again in a minute' } satisfies Message;
export const adminCrossSite = { title: 'Cross-site admin requests are refused' } satisfies Message;
export const adminBodyType = { title: 'Admin calls take application/json or multipart/form-data' } satisfies Message;
/** Any admin call without a valid session or token. */
export const signInRequired = { title: 'Sign in to continue.', hint: 'Open /admin and sign in with your account.' } satisfies Message;
/** The Basic-auth release's credentials, sent to a server that has accounts now. */
export const basicAuthRetired = {
  title: 'The admin no longer takes a shared password.',
  hint: 'Sign in at /admin with your account (the owner signs in with the former ADMIN_PASSWORD; scripts use an API token: Authorization: Bearer ...).',
} satisfies Message;
export const tokenInvalid = { title: 'This API token is unknown or was revoked.' } satisfies Message;
export const signInWrong = { title: 'The email or password is wrong.' } satisfies Message;
export const signInNeedsHttps = {
  title: 'Signing in needs https.',
  hint: 'Reach the admin through https (a TLS proxy sending X-Forwarded-Proto, listed in TRUST_PROXY), or from this machine over loopback.',
} satisfies Message;
export const finishSignIn = { title: 'Finish signing in first: enter your code, or set up two-step sign-in.' } satisfies Message;
export const roleForbidden = { title: 'Your account’s role does not allow this.' } satisfies Message;
export const cityForbidden = { title: 'Your account does not work this city’s messages.' } satisfies Message;
export const totpWrong = { title: 'That code is not right, or was used already. Enter the newest code from your app.' } satisfies Message;
export const recoveryCodeWrong = { title: 'That recovery code is not right, or was used already. Check it against the codes you saved.' } satisfies Message;
export const totpNotStarted = { title: 'Start setting up two-step sign-in first.' } satisfies Message;
export const setupClosed = { title: 'The owner account exists already: sign in instead.' } satisfies Message;
export const setupLoopbackOnly = { title: 'The owner account can only be created from the server itself (loopback), or with ADMIN_EMAIL and ADMIN_PASSWORD.' } satisfies Message;
export const emailTaken = { title: 'Another account signs in with this email.' } satisfies Message;
/** A front desk (or a front-desk API token) made without its cities: least privilege, nothing by default (NOTES.md decision 17). */
/** A session of an account whose password an owner set, asking for anything but its change. */
export const passwordChangeFirst = { title: 'Choose your own password first: the one you were given works for this once only.' } satisfies Message;
export const frontDeskCitiesRequired = { title: 'Choose the cities whose messages this person reads: tick them, or choose All cities.' } satisfies Message;
export const tokenCitiesRequired = { title: 'Choose the cities whose messages this token reads: tick them, or choose All cities.' } satisfies Message;
export const lastOwner = { title: 'The last active owner cannot be disabled or given another role: make another owner first.' } satisfies Message;
export const accountNotFound = { title: 'No such account' } satisfies Message;
export const apiTokenNotFound = { title: 'No such API token' } satisfies Message;
export const passwordCurrentWrong = { title: 'The current password is wrong.' } satisfies Message;
export const passwordUnchanged = { title: 'The new password is the same as the current one: choose another.' } satisfies Message;
/** Setting up or moving two-step sign-in from a signed-in session asks for the password again. */
export const passwordAgainMissing = { title: 'Enter your password.' } satisfies Message;
/** A Host header that names no address of this server (a DNS rebinding attempt, or a missing setting): 421. */
export const hostMisdirected = {
  title: 'Misdirected request: this server does not answer to that host name.',
  hint: 'Use the address the server printed at start-up, or list the name in PUBLIC_URL, SITES_URL or ALLOWED_HOSTS.',
} satisfies Message;
/** Every client's password guesses together passed the global cap (docs/threat-model.md). */
export const adminLockedOut = { title: 'Too many failed attempts on this server; try again in a minute' } satisfies Message;

// Forgot password (auth/reset-routes.ts, issue 37 item 9)

/** POST /api/password-reset on a server without mail settings: the sign-in page says to ask an owner instead. */
export const passwordResetByEmailOff = {
  title: 'This server sends no email, so it cannot send a link to reset a password.',
  hint: 'Ask an owner of the clinic to set a new password for you in Staff, or on the server with: clinic-gen users reset-password <your email>',
} satisfies Message;
/** Too many links asked for from one address, for one account, or by everyone together. */
export const passwordResetTooMany = (minutes: number): Message => ({ title: `Too many requests for a reset link; try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}` });
/** A link that is unknown, used already, expired, or of an account disabled since. */
export const passwordResetLinkInvalid = {
  title: 'This link to choose a new password has expired or was used already.',
  hint: 'Ask for a new link on the sign-in page (Forgot password?): each link works once, for 30 minutes.',
} satisfies Message;
/**
 * The email with the link: the subject as `title`, the text as `message`. It says what was asked,
 * what the link does and for how long, and what to do if the person did not ask; it repeats
 * neither the address it goes to nor anything of the account.
 */
export const passwordResetMail = (link: string, clinic: string, minutes: number): Message => ({
  title: `Choose a new password for the ${clinic} admin`,
  message: [
    `Someone asked for a link to choose a new password for the ${clinic} admin account that signs in with this email address.`,
    '',
    `To choose a new password, open this link. It works once, within ${minutes} minutes:`,
    '',
    link,
    '',
    'Only your password changes. If your account uses two-step sign-in, you will still be asked for your code, and every place your account is signed in is signed out.',
    '',
    'If you did not ask for this, you can ignore this email: your password stays as it is. If such emails keep coming, tell an owner of the clinic.',
  ].join('\n'),
});

// Logo upload: the admin alerts "Failed to upload logo: {title}" (admin.ts, logoUploadRejected)

export const pictureNotFound = { title: 'No picture at that path', hint: 'A config names a picture by its site path, like /images/tampa/logo.svg, of a file in the sample or served clinic’s folder.' } satisfies Message;
export const logoUploaded = { title: 'Logo uploaded successfully' } satisfies Message;
export const logoNotMultipart = { title: 'Send the logo as multipart/form-data with a field named logo' } satisfies Message;
export const logoTooLarge = (size: string): Message => ({ title: `The logo is larger than ${size}` });
export const logoUnreadable = { title: 'The upload could not be read as a form' } satisfies Message;
export const logoMissing = { title: 'No logo file was sent (expected a form field named logo)' } satisfies Message;
export const logoEmpty = { title: 'The logo file is empty' } satisfies Message;
export const logoNotImage = { title: 'The file is not a JPG, PNG, GIF or SVG image' } satisfies Message;
/** A raster logo whose blocks cannot be walked: its metadata (EXIF GPS and the like) cannot be taken out, so it is not stored. */
export const logoMetadataUnreadable = {
  title: 'The image is damaged or cut short, so its metadata (where and when it was taken) cannot be taken out',
  hint: 'Export it again as a JPG, PNG, GIF or SVG file and upload that.',
} satisfies Message;
export const logoNotSaved = { title: 'The server has no room left to store the logo', hint: 'Free some disk space on the server and upload again.' } satisfies Message;

// Photo upload: the admin shows "Failed to upload photo: {title}" (admin.ts, photoUploadRejected)

export const photoUploaded = { title: 'Photo uploaded successfully' } satisfies Message;
export const photoNotMultipart = { title: 'Send the photo as multipart/form-data with a field named photo' } satisfies Message;
export const photoTooLarge = (size: string): Message => ({ title: `The photo is larger than ${size}` });
export const photoMissing = { title: 'No photo file was sent (expected a form field named photo)' } satisfies Message;
export const photoEmpty = { title: 'The photo file is empty' } satisfies Message;
export const photoNotImage = { title: 'The file is not a JPG, PNG, WebP or AVIF image' } satisfies Message;
export const photoHeic = {
  title: 'The file is a HEIC photo, which browsers cannot show',
  hint: 'Export it as JPEG (on an iPhone: Settings > Camera > Formats > Most Compatible) and upload it again.',
} satisfies Message;
export const photoTooManyPixels = (megapixels: string): Message => ({
  title: `The photo has ${megapixels} megapixels, more than the 50 taken`,
  hint: 'Export it smaller (2,000 to 4,000 pixels wide is plenty) and upload it again.',
});
export const photoUnreadable = { title: 'The photo could not be read as an image (damaged or cut short)' } satisfies Message;
export const photoNotSaved = { title: 'The server has no room left to store the photo', hint: 'Free some disk space on the server and upload again.' } satisfies Message;

// Deployments: the admin's deploy panel shows `message` (admin.ts, deployFailed) above `error`

export const siteNameInvalid = { title: 'not a valid site name' } satisfies Message;
export const siteNotDeployed = (siteName: string): Message => ({ title: `no deployment named ${siteName}` });
export const releaseIdInvalid = { title: 'release: expected a release id' } satisfies Message;
export const cityRequired = { title: 'city: expected the city of the generated site' } satisfies Message;
export const cityNotSlug = (city: string): Message => ({ title: `city: "${city}" does not give a site name of letters, digits and hyphens` });
export const domainTaken = (domain: string, owner: string): Message => ({
  title: `${domain} is already the domain of the live site ${owner}.`,
  hint: 'Delete that deployment or give this site its own website address.',
});
export const siteLive = (name: string, detail: string): Message => ({ title: `${name} is live (${detail})` });
export const siteRolledBack = (siteName: string, releaseId: string): Message => ({ title: `${siteName} is back on release ${releaseId}` });
export const domainReserved = (domain: string): Message => ({
  title: `${domain} is an address of this server (its admin or its hosted sites), not a site's own domain.`,
  hint: 'Give the site its own website address.',
});

// Start-up: `clinic-gen serve` prints these and exits 1 (src/server/lifecycle/start-error.ts)

export const databaseUnavailable = (file: string, reason: string): Message => ({
  title: `The database ${file} cannot be opened: ${reason}.`,
  hint: 'Check that the --data folder can be created and written by this user, and that the file is a clinic-gen database.',
});
export const postgresUnavailable = (where: string, reason: string): Message => ({
  title: `The PostgreSQL database ${where} cannot be used: ${reason}.`,
  hint: 'Check DATABASE_URL (host, port, user, password, database name), that PostgreSQL is running and reachable from this machine, and that the user may create tables in that database.',
});
/** CLINIC_GEN_CACHE_MAX_MB holds something other than a whole number of megabytes (`value`, as given). */
export const cacheLimitNotNumber = (value: string): Message => ({
  title: `CLINIC_GEN_CACHE_MAX_MB must be a whole number of megabytes (0 for no limit), not "${value}".`,
  hint: 'Unset it for the default of 1024 MB, or set it to, for example, 2048.',
});
export const listenPortInUse = (address: string, flag: string): Message => ({
  title: `${address} is already in use by another program.`,
  hint: `Stop that program, or choose another port with ${flag}.`,
});
export const listenPortForbidden = (address: string, flag: string): Message => ({
  title: `This user may not listen on ${address}.`,
  hint: `Ports below 1024 need privileges; choose another port with ${flag} and put a proxy in front.`,
});
export const listenAddressUnavailable = (address: string): Message => ({
  title: `${address} is not an address of this machine.`,
  hint: 'Choose one of its addresses with --host, or 127.0.0.1.',
});

// Previews: the admin opens /preview/<id>/ on the sites listener (src/server/previews/routes.ts)

/** A preview id that is unknown, or was dropped after half an hour or by newer previews. */
export const previewExpired = { title: 'This preview has expired.', hint: 'Generate the website again and press Preview.' } satisfies Message;

// Stored messages

export const pageInvalid = { title: 'page must be a whole number from 1' } satisfies Message;
export const pageSizeInvalid = { title: 'pageSize must be a whole number from 1 to 200' } satisfies Message;

// The admin's JSON routes

/** A JSON route's body labelled anything but application/json: a cross-site page can send
 * multipart or text without a CORS preflight, JSON it cannot (src/server/http/read-json.ts). */
export const bodyNotJsonType = (type: string | undefined): Message => ({
  title: `Unsupported media type: this call takes a JSON body with Content-Type: application/json, not ${type ? `"${type.slice(0, 80)}"` : 'none'}`,
});

// The inbox (leads/inbox-routes.ts, issue 22)

export const messageNotFound = { title: 'No message has this id (it may have been deleted).' } satisfies Message;
export const assigneeInvalid = { title: 'Assign the message to an active front-desk account that works its city.' } satisfies Message;
export const noteEmpty = { title: 'Write the note first.' } satisfies Message;
export const noteTooLong = { title: 'A note holds at most 2,000 characters.' } satisfies Message;
export const statusInvalid = { title: 'Choose a status: new, contacted, booked or closed.' } satisfies Message;
export const closeReasonInvalid = { title: 'Choose why it is closed: not a candidate, no answer, chose elsewhere, or duplicate.' } satisfies Message;
export const closeReasonOnlyClosed = { title: 'Only a closed message has a reason.' } satisfies Message;
export const inboxOpenInvalid = { title: 'The open filter is true or false.' } satisfies Message;
export const bulkIdsInvalid = { title: 'Select at least one message.' } satisfies Message;
export const bulkIdsTooMany = { title: 'Select at most 200 messages at a time.' } satisfies Message;
export const bulkNothing = { title: 'Choose someone to assign them to, or a status.' } satisfies Message;
export const inboxDateInvalid = { title: 'Give the date as YYYY-MM-DD.' } satisfies Message;

/** The inbox's language filter (issue 40) names a language the sites are not written in. */
export const inboxLanguageInvalid = { title: 'The language filter is en (English) or es (Spanish).' } satisfies Message;
export const inboxSearchInvalid = { title: 'Search by a last name, a first name, an email address, or 4 digits or more of a phone number.' } satisfies Message;
export const inboxSearchDigits = { title: 'Type at least 4 digits of the phone number.' } satisfies Message;
export const retentionInvalid = { title: 'Keep messages between 30 days and 10 years (3650 days), or until deleted.' } satisfies Message;
export const messageUnreadable = { title: 'This message does not open with this server’s key, so no note can be sealed with it.' } satisfies Message;
