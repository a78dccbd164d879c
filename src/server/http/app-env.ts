import type { IncomingMessage, ServerResponse } from 'node:http';

/** Values middleware leaves for later handlers. */
export interface AppVariables {
  /** The percent-decoded, checked request path (see path-guard.ts). */
  path: string;
  /** A stricter Content-Security-Policy a route asks for (uploaded files); see app.ts. */
  csp?: string;
  /** Who is signed in, set by the admin guard (auth/guard.ts) for every protected route. */
  actor?: Actor;
  /** What a route acted on, when its path does not say it (auth/guard.ts writes it to the audit trail). */
  auditObject?: string;
  /** The city the audit record of this call concerns, when only the handler knows it (a message opened by its id). */
  auditCity?: string;
  /**
   * A call that changed several cities (an import, redeploy-all): one record each, naming its city,
   * with what it did to that city and, when it differs from the call's, its own outcome.
   */
  auditEach?: { city: string; object: string; outcome?: number }[];
}

/** A signed-in person (their session) or an API token acting with a role (docs/decisions/017-staff-accounts.md). */
export interface Actor {
  kind: 'session' | 'token';
  /** The account id, or `token:<id>`. */
  id: string;
  /** The account's email, or the token's name: what the audit trail shows. */
  label: string;
  role: 'owner' | 'editor' | 'frontdesk';
  /** Front desk: the cities it works; null: every city. */
  cities: string[] | null;
  /** The account (a token's maker): whose password change or disabling ends it. */
  accountId: string;
}

/**
 * The Hono environment of both apps. `Bindings` come from @hono/node-server on a real socket and
 * are absent in app.request() tests, hence optional.
 */
export type AppEnv = { Variables: AppVariables; Bindings: { incoming?: IncomingMessage; outgoing?: ServerResponse } };
