import type { IncomingMessage } from 'node:http';

/** Values middleware leaves for later handlers. */
export interface AppVariables {
  /** The percent-decoded, checked request path (see path-guard.ts). */
  path: string;
  /** A stricter Content-Security-Policy a route asks for (uploaded files); see app.ts. */
  csp?: string;
}

/**
 * The Hono environment of both apps. `Bindings` come from @hono/node-server on a real socket and
 * are absent in app.request() tests, hence optional.
 */
export type AppEnv = { Variables: AppVariables; Bindings: { incoming?: IncomingMessage } };
