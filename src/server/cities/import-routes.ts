import { Hono, type Context } from 'hono';
import type { ImportPlanLine } from '../../contract/cities.js';
import { configChanges } from '../../config/config-diff.js';
import { storedInput } from './yaml.js';
import * as C from '../../contract/cities.js';
import { answerOf } from '../../contract/route.js';
import { importFilesFailed, importQueueFull, importSameCity } from '../../texts/cities.js';
import { bodyNotJsonType, requestMalformed, requestTooLarge } from '../../texts/server.js';
import { readBytes } from '../http/read-body.js';
import { sizeLabel } from '../http/read-json.js';
import { apiError, apiFailure } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import type { CityRouteDeps } from './context.js';
import { saveImport, type ImportedFile } from './save.js';
import { MAX_IMPORT_BODY } from './import-request.js';
import { createImportParser, type ImportParser, type ImportRead } from './import-worker.js';

/** What a refused import is told to wait (Retry-After): about what the worker takes to read a full queue. */
const IMPORT_RETRY_AFTER_SECONDS = 10;
/** As http/read-json.ts: only a body labelled JSON, which a cross-site page cannot send without a preflight. */
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * One parser for the process, whatever the number of apps in it: its queue bounds the imports read
 * at once on this machine, and its worker is started on the first import (cities/import-worker.ts).
 */
let shared: ImportParser | undefined;
const sharedParser = () => (shared ??= createImportParser());

/**
 * POST /api/cities/import {files: [{name, text}]}: each file validated as `clinic-gen build` would
 * read it. Good files are saved (a new city, or a version of the one stored; none when unchanged),
 * a file with errors saves nothing and is named with each error's line. Refused whole, before
 * anything is saved: a body that is not a list of files, more than MAX_IMPORT_FILES, a name that
 * is not a plain label (400), a file over MAX_IMPORT_FILE_BYTES (413, naming it)
 * (import-request.ts), and an import the parser's queue has no room for (503 with Retry-After).
 *
 * The body is decoded and parsed, and each file read (YAML and schema, tens of milliseconds for a
 * 255 KB file), on a worker thread, off the request loop (import-worker.ts); each file is saved
 * here as soon as it is read, in the order sent.
 */
export function importRoutes(d: CityRouteDeps, parser: () => ImportParser = sharedParser): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  /** The body read on the parser's worker, or the answer that refuses it. */
  const readImport = async (c: Context<AppEnv>): Promise<Extract<ImportRead, { ok: true }> | Response> => {
    const type = c.req.header('content-type');
    if (!JSON_TYPE.test(type ?? '')) return apiError(c, 415, { error: bodyNotJsonType(type).title });
    // Read from Node's own stream (c.env.incoming), as the contact route reads, into memory the
    // import worker shares: 16 MB through the web stream's adapters, gathered and then copied to
    // the worker, held this thread some tens of ms, and the contact post that came meanwhile.
    const body = await readBytes(c.req.raw, MAX_IMPORT_BODY, c.env?.incoming, { shared: true });
    if (!body.ok) return apiError(c, body.status, { error: body.status === 413 ? requestTooLarge(sizeLabel(MAX_IMPORT_BODY)).title : requestMalformed(body.reason).title });
    const admitted = parser().admit(body.bytes);
    if (!admitted) {
      const seconds = String(IMPORT_RETRY_AFTER_SECONDS);
      return apiError(c, 503, { error: importQueueFull(String(parser().waiting()), seconds) }, { 'Retry-After': seconds });
    }
    const read = await admitted;
    return read.ok ? read : apiError(c, read.status, { error: read.error });
  };

  // What the import would do, file by file, nothing saved (issue 39 item 2): the editor confirms from it.
  app.post(C.planImport.path, async (c) => {
    const read = await readImport(c);
    if (read instanceof Response) return read;
    const files: ImportPlanLine[] = [];
    const madeBy = new Map<string, string>();
    for (const [i, file] of read.names.entries()) {
      const prepared = await read.reads[i]!;
      const earlier = prepared.ok ? sameCity(madeBy, prepared.version.slug, file) : undefined;
      if (!prepared.ok) files.push({ file, state: 'failed', changes: [], errors: prepared.errors });
      else if (earlier) files.push({ file, state: 'failed', changes: [], errors: [importSameCity(prepared.version.city, earlier).title] });
      else {
        const v = prepared.version;
        const latest = await d.cities.latest(v.slug);
        const about = { file, slug: v.slug, city: v.city, errors: [] };
        if (!latest) files.push({ ...about, state: 'new', changes: [] });
        else if (latest.digest === v.digest) files.push({ ...about, state: 'unchanged', version: latest.version, changes: [] });
        else files.push({ ...about, state: 'replaces', version: latest.version, changes: configChanges(storedInput(latest), storedInput(v)) });
      }
      await yieldToEventLoop();
    }
    return c.json(answerOf(C.planImport, { success: true, files }));
  });

  app.post(C.importCities.path, async (c) => {
    const read = await readImport(c);
    if (read instanceof Response) return read;

    const imported: ImportedFile[] = [];
    const failed: { file: string; errors: string[] }[] = [];
    const madeBy = new Map<string, string>();
    for (const [i, file] of read.names.entries()) {
      const prepared = await read.reads[i]!;
      const earlier = prepared.ok ? sameCity(madeBy, prepared.version.slug, file) : undefined;
      const saved = !prepared.ok
        ? prepared
        : earlier
          ? { errors: [importSameCity(prepared.version.city, earlier).title] }
          : await saveImport(d.cities, file, { ...prepared.version, savedBy: c.get('actor')?.label }, read.expect);
      if ('errors' in saved) failed.push({ file, errors: saved.errors });
      else imported.push(saved);
      // Then the event loop's turn: pages, the contact form and /readyz are answered between two
      // saves of a 50-file import, not after all of them.
      await yieldToEventLoop();
    }
    // One record a city, naming it (and one for the files that failed, which name none).
    c.set('auditEach', [
      ...imported.map((f) => ({ city: f.slug, object: `version=${f.version}${f.created ? ' new' : ''}`, outcome: f.created ? 201 : 200 })),
      ...(failed.length ? [{ city: '', object: `failed=${failed.length}` }] : []),
    ]);
    if (failed.length) return c.json({ ...apiFailure({ error: importFilesFailed(String(failed.length), String(read.names.length)) }), imported, failed }, 400);
    return c.json(answerOf(C.importCities, { success: true, imported }));
  });
  return app;
}

/**
 * The file of this import that made the city `slug` already, or undefined (and `file` is noted as
 * its maker). Two files of one city in one import would each be planned as new, then the second
 * saved as a version of the first: the second is refused instead, naming the first.
 */
function sameCity(madeBy: Map<string, string>, slug: string, file: string): string | undefined {
  const earlier = madeBy.get(slug);
  if (earlier === undefined) madeBy.set(slug, file);
  return earlier;
}

/** Lets every request waiting on the event loop run before the next piece of long work. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
