import { textOf } from '../http/api-error.js';
import * as M from '../../texts/server.js';

/**
 * A start-up failure the operator can fix: `problems` lists each one (a bad flag or variable, a
 * bad config line, an unsafe host, a database that cannot be opened, a port in use). The CLI
 * prints them and exits 1, without a stack trace (src/cli/commands/serve.ts).
 */
export class ServerStartError extends Error {
  constructor(readonly problems: string[]) {
    super(`The server cannot start:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ServerStartError';
  }
}

/** The operator's reading of a failed listen, or undefined for a failure that is a bug. */
export function listenProblem(err: unknown, address: string, flag: string): ServerStartError | undefined {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') return new ServerStartError([textOf(M.listenPortInUse(address, flag))]);
  if (code === 'EACCES' || code === 'EPERM') return new ServerStartError([textOf(M.listenPortForbidden(address, flag))]);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return new ServerStartError([textOf(M.listenAddressUnavailable(address))]);
  return undefined;
}

/** The operator's reading of a database that would not open (missing permission, not a database, a full disk...). */
export function databaseProblem(err: unknown, file: string): ServerStartError {
  const e = err as NodeJS.ErrnoException | undefined;
  const reason = e?.code === 'EACCES' || e?.code === 'EPERM' ? 'permission denied' : (e?.message ?? String(err)).split('\n')[0]!;
  return new ServerStartError([textOf(M.databaseUnavailable(file, reason))]);
}

/** PostgreSQL could not be reached or migrated at start: the URL (without its password) and why. */
export function postgresProblem(err: unknown, where: string): ServerStartError {
  const reason = (err instanceof Error ? err.message : String(err)).split('\n')[0]!;
  return new ServerStartError([textOf(M.postgresUnavailable(where, reason))]);
}
