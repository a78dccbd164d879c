/*
 * The CLI's errors and notices. Name each text once here, one export an entry, with a hint that
 * says what to run or fix next; the CLI's edge prints title, message and hint. A text that names a
 * file, field or value is a function returning a Message:
 *
 *   import type { Message } from './message.js';
 *   export const configNotFound = (file: string): Message => ({ title: `No config at ${file}`, hint: 'Run clinic-gen init' });
 *
 * Names are unique across the catalogue (catalogue.test.ts checks).
 */

import type { Message } from './message.js';

/** `build` met a folder holding files it did not write where a site goes (`files`: a few of them). */
export const siteFolderForeign = (folder: string, files: string): Message => ({
  title: `${folder} holds files clinic-gen did not write (${files}); nothing was replaced`,
  hint: 'Pass --force to replace the folder and everything in it, or pick a new folder with --out.',
});

/**
 * A site folder whose config is gone, left in place by `build` (`why`: "it holds files clinic-gen
 * did not write (notes.md)", or that it is a folder build never removes).
 */
export const siteNotRemoved = (folder: string, config: string, why: string): Message => ({
  title: `${folder} was not removed although its config ${config} is gone: ${why}`,
  hint: 'Move those files elsewhere and build again, or remove the folder yourself.',
});

/** Why a folder was not removed (siteNotRemoved): files build did not write. */
export const holdsForeignFiles = (files: string): Message => ({ title: `it holds files clinic-gen did not write (${files})` });

/** `build` was pointed at a folder it must never replace (`why`: "it is the working folder"). */
export const siteFolderKept = (folder: string, why: string): Message => ({
  title: `refusing to replace ${folder}: ${why}`,
  hint: 'Give the site a folder of its own with --out, like --out dist/tampa (--force does not change this).',
});

/** A --config (or check argument) that names nothing on disk. */
export const configNotFound = (path: string): Message => ({
  title: `config not found: ${path}`,
  hint: 'Pass a YAML file such as configs/tampa.yaml, or a folder of them.',
});

/** `dev` takes one config file, not a folder. */
export const devConfigNotFound = (path: string): Message => ({
  title: `config not found: ${path}`,
  hint: 'Pass a YAML file such as configs/tampa.yaml (clinic-gen init writes a new one).',
});

export const noConfigsInFolder = (folder: string): Message => ({
  title: `no .yaml configs in ${folder}`,
  hint: 'Put one YAML file per city in the folder.',
});

/** A whole-number flag with another value (`range`: " from 0 to 65535", or empty). */
export const notWholeNumber = (flag: string, value: string, range: string): Message => ({
  title: `${flag} must be a whole number${range}, not "${value}"`,
});

/** `--contact-endpoint` given something other than an http(s) URL or `same-origin`. */
export const notContactEndpoint = (value: string): Message => ({
  title: `--contact-endpoint must be the http:// or https:// URL of the clinic server's contact API, or same-origin, not "${value}"`,
  hint: 'For example: --contact-endpoint https://clinic.example.com/api/contact, or --contact-endpoint same-origin for a site the clinic server itself serves.',
});

/** Two configs of one run build the same city into one folder. */
export const sameOutput = (first: string, second: string, folder: string): Message => ({
  title: `${first} and ${second} both build ${folder}`,
  hint: 'Give each city its own config, or build them with separate --out folders.',
});

/** The summary after the errors of a build with failed configs. */
export const buildFailed = (count: string): Message => ({
  title: `${count} config${count === '1' ? '' : 's'} failed; fix the lines above and run again.`,
});

export const checkConfigsInvalid = (invalid: string, total: string): Message => ({
  title: `${invalid} of ${total} configs are invalid; fix the lines above and run check again.`,
});

export const notThreshold = (value: string): Message => ({
  title: `--threshold must be a number from 0 to 1, like 0.5, not "${value}"`,
});

export const portInUse = (port: string): Message => ({
  title: `port ${port} is in use`,
  hint: 'Pick another with --port, or --port 0 for any free one.',
});

/** init got values its checks refuse (`lines`: one line a flag, each saying why). */
export const initValuesWrong = (lines: string): Message => ({
  title: lines,
  hint: 'Fix the values above and run init again.',
});

/** init runs without a terminal and flags are missing (`flags`: "--zip, --phone"). */
export const initFlagsMissing = (flags: string): Message => ({
  title: `missing ${flags}`,
  hint: 'Pass every value as a flag (see clinic-gen init --help), or run init in a terminal to be asked.',
});

export const initCancelled: Message = { title: 'init cancelled; nothing was written' };

export const fileExists = (file: string): Message => ({
  title: `${file} already exists; nothing was written`,
  hint: 'Pass --force to replace it, or --out to write somewhere else.',
});

/** A file the CLI was asked to write could not be (`why`: the system's code, like EACCES). */
export const cannotWrite = (file: string, why: string): Message => ({
  title: `cannot write ${file} (${why})`,
  hint: 'Pick a folder you can write to.',
});

/** The server would not start (`reason`: the server's own message, from its catalogue). */
export const serverNotStarted = (reason: string): Message => ({ title: reason });

/** Anything else that escaped a command: a bug, printed with its stack. */
export const unexpectedError = (stack: string): Message => ({
  title: 'clinic-gen hit an unexpected error (a bug; please report it with the command you ran):',
  message: stack,
});

/** After commander's own message for an unknown command or option. */
export const helpAfterError: Message = { title: '(run `clinic-gen --help` for the commands)' };

/** CLINIC_GEN_CACHE_MAX_MB holds something other than a whole number of megabytes (`value`, as given). */
export const cacheLimitInvalid = (value: string): Message => ({
  title: `CLINIC_GEN_CACHE_MAX_MB must be a whole number of megabytes (0 for no limit), not "${value}"; nothing was built`,
  hint: 'Unset it for the default of 1024 MB, or set it to, for example, 2048.',
});

/** A build removed entries from a cache folder to keep it under its limit (cache-prune.ts). */
export const cachePruned = (folder: string, removed: string, freed: string, held: string, limit: string): Message => ({
  title: `${folder}: removed ${removed} (${freed}) not used lately or left half-written; it now holds ${held} (limit: ${limit}, CLINIC_GEN_CACHE_MAX_MB)`,
});

/** The entries a cache folder's builds used within the last day (kept whatever the limit) exceed its limit. */
export const cacheOverLimit = (folder: string, recent: string, limit: string): Message => ({
  title: `${folder}: the entries used within the last day alone take ${recent}, more than its limit of ${limit} (CLINIC_GEN_CACHE_MAX_MB); they are kept, and builds would make them again if they went: raise the limit`,
});

/** A cache folder could not be looked over (`why`: the system's words); the build itself is done. */
export const cachePruneFailed = (folder: string, why: string): Message => ({
  title: `${folder}: the cache could not be looked over (${why}); the sites are built, and the cache is left as it is`,
});
