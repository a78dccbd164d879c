import type { z } from 'zod';

/**
 * One admin API call, written once for both sides (docs/decisions/026-one-contract-a-route.md):
 * its method and path, the body it takes and the answer it gives. The server validates the body
 * with `request` and types its answer with `ResponseOf`; the admin calls it through `callRoute`
 * (src/admin/api.ts), typed by the same schemas, so a field changed on one side fails the other's
 * type check.
 */
export interface ApiRoute<Req extends z.ZodType | undefined = z.ZodType | undefined, Res extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Hono's pattern: `/api/inbox/:id`. */
  path: string;
  /** The JSON body, or undefined for a call without one. */
  request: Req;
  /** The JSON answer on success. */
  response: Res;
}

/** Declares a route, keeping its schemas' exact types. */
export const apiRoute = <Req extends z.ZodType | undefined, Res extends z.ZodType>(r: ApiRoute<Req, Res>): ApiRoute<Req, Res> => r;

/** What a route's body is, as the admin sends it. */
export type RequestOf<R> = R extends ApiRoute<infer Q, z.ZodType> ? (Q extends z.ZodType ? z.input<Q> : undefined) : never;
/** What a route answers on success. */
export type ResponseOf<R> = R extends ApiRoute<z.ZodType | undefined, infer S> ? z.output<S> : never;

/** The route's path with its `:params` filled in (each encoded); throws on one missing. */
export function pathOf(route: ApiRoute, params: Record<string, string> = {}): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

/**
 * The server's answer of `route`, checked against its schema's type at compile time:
 * `c.json(answerOf(route, { ... }))`.
 */
export const answerOf = <R extends ApiRoute>(_route: R, body: ResponseOf<R>): ResponseOf<R> => body;
