import { Hono } from 'hono';
import * as C from '../../contract/cities.js';
import { answerOf } from '../../contract/route.js';
import { importBodyInvalid, importFileNameInvalid, importFilesFailed, importFileTooLarge, importTooManyFiles } from '../../texts/cities.js';
import { readJson, sizeLabel } from '../http/read-json.js';
import { apiError, apiFailure } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import type { CityRouteDeps } from './context.js';
import { prepareFile, saveImport, type ImportedFile } from './save.js';

/** Files in one import. */
export const MAX_IMPORT_FILES = 50;
/** Bytes (UTF-8) of one imported file: a clinic config is a few KB, a long one some tens. */
export const MAX_IMPORT_FILE_BYTES = 256 * 1024;
/**
 * The whole body: fifty files at their limit as JSON strings, with room for escapes. A larger
 * body is refused whole, unread; a large file inside a body under this is refused by name.
 */
const MAX_IMPORT_BODY = 16 * 1024 * 1024;

/**
 * A name is only a label in messages, never a path: anything that could read as one (a folder
 * separator, `..`, NUL or another control character) is refused, as are empty and very long names.
 */
// eslint-disable-next-line no-control-regex
const isLabel = (name: string) => name.length >= 1 && name.length <= 255 && !/[/\\\u0000-\u001f\u007f]/.test(name) && !name.includes('..');

/**
 * POST /api/cities/import {files: [{name, text}]}: each file validated as `clinic-gen build` would
 * read it. Good files are saved (a new city, or a version of the one stored; none when unchanged),
 * a file with errors saves nothing and is named with each error's line. Refused whole, before
 * anything is saved: a body that is not a list of files, more than MAX_IMPORT_FILES, a name that
 * is not a plain label (400), a file over MAX_IMPORT_FILE_BYTES (413, naming it).
 */
export function importRoutes(d: CityRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post(C.importCities.path, async (c) => {
    const body = await readJson(c.req.raw, MAX_IMPORT_BODY);
    if (!body.ok) return apiError(c, body.status, { error: body.error });
    const parsed = C.importCities.request.safeParse(body.value);
    if (!parsed.success) return apiError(c, 400, { error: importBodyInvalid });
    const { files } = parsed.data;
    if (files.length > MAX_IMPORT_FILES) return apiError(c, 400, { error: importTooManyFiles(String(MAX_IMPORT_FILES)) });
    const badName = files.find((f) => !isLabel(f.name));
    if (badName) return apiError(c, 400, { error: importFileNameInvalid(badName.name) });
    const large = files.find((f) => Buffer.byteLength(f.text, 'utf8') > MAX_IMPORT_FILE_BYTES);
    if (large) return apiError(c, 413, { error: importFileTooLarge(large.name, sizeLabel(MAX_IMPORT_FILE_BYTES)) });

    const imported: ImportedFile[] = [];
    const failed: { file: string; errors: string[] }[] = [];
    for (const f of files) {
      // One file at a time, then the event loop's turn: pages, the contact form and /readyz are
      // answered between two files of a 50-file import, not after all of them.
      await yieldToEventLoop();
      const prepared = prepareFile(f.name, f.text);
      if (prepared.ok) imported.push(await saveImport(d.cities, f.name, prepared.version));
      else failed.push({ file: f.name, errors: prepared.errors });
    }
    // One record a city, naming it (and one for the files that failed, which name none).
    c.set('auditEach', [
      ...imported.map((f) => ({ city: f.slug, object: `version=${f.version}${f.created ? ' new' : ''}`, outcome: f.created ? 201 : 200 })),
      ...(failed.length ? [{ city: '', object: `failed=${failed.length}` }] : []),
    ]);
    if (failed.length) return c.json({ ...apiFailure({ error: importFilesFailed(String(failed.length), String(files.length)) }), imported, failed }, 400);
    return c.json(answerOf(C.importCities, { success: true, imported }));
  });
  return app;
}

/** Lets every request waiting on the event loop run before the next piece of long work. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
