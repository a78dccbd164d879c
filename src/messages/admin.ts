import type { Message } from './message.js';

/*
 * The admin app's texts: the alerts and deploy panel of spec section 8, word for word, and its
 * confirmations. One export an entry, so the admin bundle carries only the entries it reads.
 */

/** The upload failed before the server answered (network, aborted). */
export const logoUploadFailed = { title: 'Failed to upload logo' } satisfies Message;

/** The server refused a logo: "Failed to upload logo: {server message}". */
export const logoUploadRejected = (reason: string): Message => ({ title: `Failed to upload logo: ${reason}` });

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

/** Asked before a rollback puts the previous release back online. */
export const rollbackConfirm = (siteName: string): Message => ({ title: `Put the previous release of ${siteName} back online?` });

/** The deploy panel's headline after a deploy went live; the link follows as "Live at {url}". */
export const deployLive = (city: string): Message => ({ title: `The website for ${city} is live` });

/** Why Deploy Website is unavailable before a site is generated (its click shows generateFirst). */
export const deployNeedsSite = { title: 'Generate the website first; Deploy uses the last generated site.' } satisfies Message;
