import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { serverBusy, serverDiskFull, serverFailed } from '../../texts/server.js';
import { apiError, isApiPath } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { errorFields, type Logger } from '../log/logger.js';
import type { Metrics } from '../metrics/index.js';
import { isStoreBusy, RETRY_AFTER_SECONDS } from '../sqlite/busy.js';

/** The one error handler: expected HTTP failures as they are, anything else logged and a 500. */
export function errorHandler(logger: Logger, metrics: Metrics) {
  return (err: Error, c: Context<AppEnv>): Response => {
    if (err instanceof HTTPException) return err.getResponse();
    // A full disk (a deploy's files, a saved city): the operator's to fix, said as such, never a bare 500.
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') {
      metrics.storeErrors.inc({ kind: 'disk_full' });
      logger.error('request.disk_full', { method: c.req.method, path: c.get('path') });
      return isApiPath(c.get('path') ?? '') ? apiError(c, 507, { error: serverDiskFull }) : c.text(serverDiskFull.title, 507);
    }
    // The database is locked by another process (sqlite/busy.ts): a try a few seconds later may work.
    if (isStoreBusy(err)) {
      metrics.storeErrors.inc({ kind: 'busy' });
      logger.warn('request.store_busy', { method: c.req.method, path: c.get('path') });
      c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return isApiPath(c.get('path') ?? '') ? apiError(c, 503, { error: serverBusy }) : c.text(serverBusy.title, 503);
    }
    metrics.storeErrors.inc({ kind: 'failed' });
    logger.error('request.failed', { method: c.req.method, path: c.get('path'), ...errorFields(err) });
    return isApiPath(c.get('path') ?? '') ? apiError(c, 500, { error: serverFailed }) : c.text(serverFailed.title, 500);
  };
}
