import type { z } from 'zod';
import { isAgentType, isTrialType } from './constants.js';
import type { TErrorCode } from './errors.js';

/** Who may call an endpoint. `member` = any logged-in player session; `operator` = operator console token. */
export type TAuth = 'none' | 'optional' | 'member' | 'operator';
export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** Kinds of member session (API-REFERENCE 5.1): agents are types 1, 2, 41, 42, trial (free play) type 4. */
export const MEMBER_KINDS = ['player', 'agent', 'trial'] as const;
export type TMemberKind = (typeof MEMBER_KINDS)[number];
export const memberKindOf = (type: number): TMemberKind =>
  isAgentType(type) ? 'agent' : isTrialType(type) ? 'trial' : 'player';
/** Money, withdrawal and account-security calls: a trial account plays with play money only (SPEC §6). */
export const REAL_MEMBERS = ['player', 'agent'] as const satisfies readonly TMemberKind[];
export const AGENTS_ONLY = ['agent'] as const satisfies readonly TMemberKind[];

/**
 * Operator permissions: viewers read, owners and admins read and write the merchant's data; `owner`
 * is for what reaches past the merchant (the catalogue every merchant shares): owners only.
 */
export type TOperatorPermission = 'read' | 'write' | 'owner';

/**
 * Whether an operator role holds a permission: viewers read; owners and admins read and write; only
 * owners hold `owner`. Unknown roles get nothing.
 */
export function operatorCan(role: string, permission: TOperatorPermission): boolean {
  if (permission === 'owner') return role === 'owner';
  const writer = role === 'owner' || role === 'admin';
  return permission === 'read' ? writer || role === 'viewer' : writer;
}

/** What an endpoint's declaration allows, with the defaults filled in (route.ts enforces it). */
export interface TAccess {
  auth: TAuth;
  /** member calls: the kinds that may call */
  members?: readonly TMemberKind[];
  /** operator calls: the permission needed */
  permission?: TOperatorPermission;
  /** code refusing a player on a call for agents only (a trial account gets `need_real_account`) */
  refusal?: TErrorCode;
}

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
  /** `member` calls: which kinds of member may call; all when omitted. */
  members?: readonly TMemberKind[];
  /** `operator` calls: the permission needed; `read` for GET, `write` otherwise when omitted. */
  permission?: TOperatorPermission;
  /** Error code for a player refused by `members` (clients already know it); `forbidden` when omitted. */
  refusal?: TErrorCode;
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

/** The endpoint's declared access with the defaults filled in: one reading for the server, OpenAPI and tests. */
export function accessOf(
  e: Pick<Endpoint, 'auth' | 'method' | 'members' | 'permission' | 'refusal'>,
): TAccess {
  if (e.auth === 'member') {
    return { auth: e.auth, members: e.members ?? MEMBER_KINDS, refusal: e.refusal ?? 'forbidden' };
  }
  if (e.auth === 'operator')
    return { auth: e.auth, permission: e.permission ?? (e.method === 'GET' ? 'read' : 'write') };
  return { auth: e.auth };
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
