import * as C from '../../contract/cities.js';
import { importBodyInvalid, importFileNameInvalid, importFileTooLarge, importTooManyFiles } from '../../texts/cities.js';
import { bodyNotJson, requestMalformed } from '../../texts/server.js';
import type { Message } from '../../texts/message.js';
import { sizeLabel } from '../http/read-json.js';

/**
 * The body of POST /api/cities/import read from its bytes to a list of files, or refused whole:
 * what the worker thread of import-worker.ts does first (decoding and parsing 13 MB of JSON takes
 * tens of milliseconds, which the request loop must not spend), and this thread when no worker runs.
 */

/** Files in one import. */
export const MAX_IMPORT_FILES = 50;
/** Bytes (UTF-8) of one imported file: a clinic config is a few KB, a long one some tens. */
export const MAX_IMPORT_FILE_BYTES = 256 * 1024;
/**
 * The whole body: fifty files at their limit as JSON strings, with room for escapes. A larger
 * body is refused whole, unread; a large file inside a body under this is refused by name.
 */
export const MAX_IMPORT_BODY = 16 * 1024 * 1024;

export interface ImportFile {
  name: string;
  text: string;
}

/** The versions the editor confirmed, by slug (null: a new city); absent: save every file. */
export type ImportExpect = Record<string, number | null>;

export type ImportRequest = { ok: true; files: ImportFile[]; expect?: ImportExpect } | { ok: false; status: 400 | 413; error: Message };

/**
 * A name is only a label in messages, never a path: anything that could read as one (a folder
 * separator, `..`, NUL or another control character) is refused, as are empty and very long names.
 */
// eslint-disable-next-line no-control-regex
const isLabel = (name: string) => name.length >= 1 && name.length <= 255 && !/[/\\\u0000-\u001f\u007f]/.test(name) && !name.includes('..');

/** As http/read-body.ts decodes a body: invalid UTF-8 is refused, not replaced. */
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

const refuse = (status: 400 | 413, error: Message): ImportRequest => ({ ok: false, status, error });

/**
 * The files of an import body (JSON `{files: [{name, text}]}`, as read-json.ts and the contract
 * read it), or why it is refused whole: not UTF-8 or not JSON, not a list of files, more than
 * MAX_IMPORT_FILES, a name that is not a plain label (400), a file over MAX_IMPORT_FILE_BYTES (413).
 */
export function readImportRequest(bytes: Uint8Array): ImportRequest {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return refuse(400, requestMalformed('body is not valid UTF-8'));
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refuse(400, bodyNotJson);
  }
  const parsed = C.importCities.request.safeParse(value);
  if (!parsed.success) return refuse(400, importBodyInvalid);
  const { files } = parsed.data;
  if (files.length > MAX_IMPORT_FILES) return refuse(400, importTooManyFiles(String(MAX_IMPORT_FILES)));
  const badName = files.find((f) => !isLabel(f.name));
  if (badName) return refuse(400, importFileNameInvalid(badName.name));
  const large = files.find((f) => Buffer.byteLength(f.text, 'utf8') > MAX_IMPORT_FILE_BYTES);
  if (large) return refuse(413, importFileTooLarge(large.name, sizeLabel(MAX_IMPORT_FILE_BYTES)));
  return { ok: true, files: files.map((f) => ({ name: f.name, text: f.text })), ...(parsed.data.expect ? { expect: parsed.data.expect } : {}) };
}
