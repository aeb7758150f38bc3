import type { z } from 'zod';

/** Who may call an endpoint. `member` = any logged-in player session; `operator` = operator console token. */
export type TAuth = 'none' | 'optional' | 'member' | 'operator';
export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * One API call, defined once. The server registers routes from it (validating `query`/`body`
 * and, in tests, the response); the web client derives its typed calls from it; OpenAPI is generated from it.
 * `path` uses Fastify's `:param` syntax; `params` validates those.
 */
export interface Endpoint<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  P extends z.ZodType | undefined = z.ZodType | undefined,
> {
  id: string;
  method: THttpMethod;
  path: string;
  /** White-label module id (API-REFERENCE §4); the server refuses the call when the merchant switched it off. */
  modId?: string;
  auth: TAuth;
  /** Body arrives encrypted (RSA-OAEP-wrapped AES-256-GCM) when the client follows the reference. */
  encrypted?: boolean;
  /** Body is application/x-www-form-urlencoded. */
  form?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of `value` in the success envelope. */
  response: R;
  summary: string;
  tags?: string[];
}

/**
 * Keeps the literal `auth` and the presence of query/body/params in the type, so a route handler sees a
 * `MemberActor`/`OperatorActor` (not `Actor | undefined`) and a parsed body (not `| undefined`).
 */
export function defineEndpoint<
  const A extends TAuth,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  P extends z.ZodType | undefined = undefined,
>(e: Endpoint<Q, B, R, P> & { auth: A }) {
  return e as Endpoint<Q, B, R, P> & { auth: A; query: Q; body: B; params: P };
}

export type EndpointQuery<E> =
  E extends Endpoint<infer Q, any, any, any> ? (Q extends z.ZodType ? z.input<Q> : undefined) : never;
export type EndpointBody<E> =
  E extends Endpoint<any, infer B, any, any> ? (B extends z.ZodType ? z.input<B> : undefined) : never;
export type EndpointParams<E> =
  E extends Endpoint<any, any, any, infer P> ? (P extends z.ZodType ? z.input<P> : undefined) : never;
export type EndpointValue<E> = E extends Endpoint<any, any, infer R, any> ? z.output<R> : never;
