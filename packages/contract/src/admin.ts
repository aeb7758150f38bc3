import { z } from 'zod';
import { defineEndpoint, type Endpoint, type TAuth } from './endpoint.js';

/**
 * Operator API (`/admin/api/...`): the back office of one merchant. Every call but login needs an
 * operator token (Authorization header) and acts on the operator's own merchant only.
 * Roles: owner and admin may change things; viewer may only read.
 */
export const OPERATOR_ROLES = ['owner', 'admin', 'viewer'] as const;
export type TOperatorRole = (typeof OPERATOR_ROLES)[number];

export const ADMIN_PAGE_SIZE = { DEFAULT: 20, MAX: 100 } as const;

export const ZOperator = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(OPERATOR_ROLES),
  merchantCode: z.string(),
});
export type TOperator = z.infer<typeof ZOperator>;

export const ZOperatorLoginRequest = z.object({
  merchantCode: z.string().trim().min(1).max(32),
  username: z.string().trim().min(1).max(40),
  password: z.string().min(1).max(128),
});
export type TOperatorLoginRequest = z.infer<typeof ZOperatorLoginRequest>;

export const ZOperatorLoginResponse = z.object({
  /** Raw session token, shown once: send it in `Authorization` on every other operator call. */
  token: z.string(),
  /** ISO time the token expires unless used (idle expiry slides with use). */
  expiresAt: z.string(),
  operator: ZOperator,
});

/** Query dates: ISO date-time or plain `YYYY-MM-DD` (midnight UTC). */
const ZIsoDate = z.iso.datetime({ offset: true }).or(z.iso.date());

export const ZAuditLogQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE.MAX).default(ADMIN_PAGE_SIZE.DEFAULT),
  action: z
    .string()
    .trim()
    .regex(/^[a-zA-Z0-9_.-]{1,64}$/)
    .optional(),
  /** inclusive */
  from: ZIsoDate.optional(),
  /** exclusive */
  to: ZIsoDate.optional(),
});
export type TAuditLogQuery = z.input<typeof ZAuditLogQuery>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  operatorId: z.number().int().nullable(),
  operatorUsername: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZPage = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  });

const tags = ['admin'];

/**
 * `defineEndpoint` keeping the literal `auth` and the presence of query/body/params in the type, so the
 * route's handler sees an `OperatorActor` (not `Actor | undefined`) and a parsed body (not `| undefined`).
 */
function adminEndpoint<
  const A extends TAuth,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  P extends z.ZodType | undefined = undefined,
>(e: Endpoint<Q, B, R, P> & { auth: A }) {
  return defineEndpoint<Q, B, R, P>(e) as Endpoint<Q, B, R, P> & { auth: A; query: Q; body: B; params: P };
}

export const adminSessionEndpoints = {
  login: adminEndpoint({
    id: 'admin.session.login',
    method: 'POST',
    path: '/admin/api/session/login',
    auth: 'none',
    body: ZOperatorLoginRequest,
    response: ZOperatorLoginResponse,
    summary:
      'Operator login: 5 failures lock the account for 5 minutes (TOO_MANY_REQUESTS); returns a revocable token',
    tags,
  }),
  logout: adminEndpoint({
    id: 'admin.session.logout',
    method: 'DELETE',
    path: '/admin/api/session/logout',
    auth: 'operator',
    response: z.object({ loggedOut: z.literal(true) }),
    summary: 'Revokes the operator token sent with the call',
    tags,
  }),
  me: adminEndpoint({
    id: 'admin.session.me',
    method: 'GET',
    path: '/admin/api/session/me',
    auth: 'operator',
    response: ZOperator,
    summary: 'The operator behind the token',
    tags,
  }),
};

export const adminAuditEndpoints = {
  list: adminEndpoint({
    id: 'admin.audit.list',
    method: 'GET',
    path: '/admin/api/audit-log',
    auth: 'operator',
    query: ZAuditLogQuery,
    response: ZPage(ZAuditEntry),
    summary: "The merchant's audit log, newest first; filter by action and date range",
    tags,
  }),
};
