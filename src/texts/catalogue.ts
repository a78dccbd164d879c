/**
 * One catalogue of user-facing texts (docs/decisions/007-messages-catalogue.md): every text a
 * visitor, an admin or a CLI user reads is named once, in the file of its audience, and read from
 * there by the contact island, the no-JavaScript page, the server, the admin app and the CLI.
 *
 * Each audience file exports one constant an entry (after Astro's errors-data.ts), so a browser
 * bundle that imports `* as M from './contact.js'` carries only the entries it reads. Node code
 * may import from here.
 */
export type { Message } from './message.js';
import * as admin from './admin.js';
import * as cities from './cities.js';
import * as cli from './cli.js';
import * as contact from './contact.js';
import * as finder from './finder.js';
import * as server from './server.js';
import * as site from './site.js';

/** The audiences, each its file's entries by name. */
export const AUDIENCES = { contact, admin, site, finder, server, cities, cli } as const;

/** Every entry by name; names are unique across audiences (catalogue.test.ts). */
export const MESSAGES = { ...contact, ...admin, ...site, ...finder, ...server, ...cities, ...cli } as const;
