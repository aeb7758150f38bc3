import { ZRowId } from './ids.js';
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import {
  ZBannerAdmin,
  ZBannerInput,
  ZMaintenanceInput,
  ZMaintenanceState,
  ZNoticeAdmin,
  ZNoticeInput,
  ZPopupAdmin,
  ZPopupInput,
  ZRegionRule,
  ZRegionRuleInput,
  ZWhitelabelNode,
} from './system.js';

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

const adminEndpoint = defineEndpoint;

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
    // ending one's own session is no write to the merchant: viewers may too
    permission: 'read',
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

// ---- Site state and content -------------------------------------------------------------------
// Request and response shapes are the system module's (system.ts): the operator API is a thin,
// audited door to the same service the public reads come from.

const ZIdParams = z.object({ id: ZRowId });
const ZDeleted = z.object({ id: z.number().int(), deleted: z.literal(true) });

/**
 * Update body of a content type: any subset of its create fields, without their defaults (an absent
 * field keeps its stored value). The service merges the patch over the current state and validates the
 * whole with the create schema, so cross-field rules (date windows) still hold.
 */
export function adminPatchOf<T extends z.ZodObject>(create: T) {
  const fields = Object.fromEntries(
    Object.entries(create.shape).map(([k, f]) => {
      const inner = f instanceof z.ZodDefault ? (f.unwrap() as z.ZodType) : (f as z.ZodType);
      return [k, inner.optional()];
    }),
  ) as { [K in keyof T['shape']]: z.ZodOptional<z.ZodType<z.output<T['shape'][K]>, z.input<T['shape'][K]>>> };
  return z.object(fields).refine((v) => Object.keys(v).length > 0, { message: 'nothing to change' });
}

export const ZAdminRegionRuleUpdate = adminPatchOf(ZRegionRuleInput);
export const ZAdminBannerUpdate = adminPatchOf(ZBannerInput);
export const ZAdminNoticeUpdate = adminPatchOf(ZNoticeInput);
export const ZAdminPopupUpdate = adminPatchOf(ZPopupInput);

export const ZAdminModuleUpdate = z.object({ enabled: z.boolean() });
const ZModParams = z.object({ modId: z.string().regex(/^[A-Z0-9_]{1,40}$/) });

/** list / create / update / delete of one content type under `/admin/api/<plural>`. */
export function adminContentCrud<I extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  name: string,
  plural: string,
  item: I,
  create: C,
  update: U,
) {
  const base = `/admin/api/${plural}`;
  return {
    list: adminEndpoint({
      id: `admin.${name}.list`,
      method: 'GET',
      path: base,
      auth: 'operator',
      response: z.array(item),
      summary: `All ${plural} of the merchant, active or not`,
      tags,
    }),
    create: adminEndpoint({
      id: `admin.${name}.create`,
      method: 'POST',
      path: base,
      auth: 'operator',
      body: create,
      response: item,
      summary: `Create a ${name} (audited)`,
      tags,
    }),
    update: adminEndpoint({
      id: `admin.${name}.update`,
      method: 'PUT',
      path: `${base}/:id`,
      auth: 'operator',
      params: ZIdParams,
      body: update,
      response: item,
      summary: `Change fields of a ${name} (audited)`,
      tags,
    }),
    remove: adminEndpoint({
      id: `admin.${name}.delete`,
      method: 'DELETE',
      path: `${base}/:id`,
      auth: 'operator',
      params: ZIdParams,
      response: ZDeleted,
      summary: `Delete a ${name} (audited)`,
      tags,
    }),
  };
}

export const adminSiteEndpoints = {
  getMaintenance: adminEndpoint({
    id: 'admin.maintenance.get',
    method: 'GET',
    path: '/admin/api/maintenance',
    auth: 'operator',
    response: ZMaintenanceState,
    summary: "The merchant's maintenance switch and window",
    tags,
  }),
  setMaintenance: adminEndpoint({
    id: 'admin.maintenance.update',
    method: 'PUT',
    path: '/admin/api/maintenance',
    auth: 'operator',
    body: ZMaintenanceInput,
    response: ZMaintenanceState,
    summary: 'Switch maintenance on or off, with an optional window and message (audited)',
    tags,
  }),
  regionRules: adminContentCrud(
    'regionRule',
    'region-rules',
    ZRegionRule,
    ZRegionRuleInput,
    ZAdminRegionRuleUpdate,
  ),
  getWhitelabel: adminEndpoint({
    id: 'admin.whitelabel.get',
    method: 'GET',
    path: '/admin/api/whitelabel',
    auth: 'operator',
    response: z.array(ZWhitelabelNode),
    summary: 'White-label module switch tree',
    tags,
  }),
  setModule: adminEndpoint({
    id: 'admin.whitelabel.update',
    method: 'PUT',
    path: '/admin/api/whitelabel/:modId',
    auth: 'operator',
    params: ZModParams,
    body: ZAdminModuleUpdate,
    response: z.array(ZWhitelabelNode),
    summary: 'Switch one white-label module on or off; answers the new tree (audited)',
    tags,
  }),
  banners: adminContentCrud('banner', 'banners', ZBannerAdmin, ZBannerInput, ZAdminBannerUpdate),
  notices: adminContentCrud('notice', 'notices', ZNoticeAdmin, ZNoticeInput, ZAdminNoticeUpdate),
  popups: adminContentCrud('popup', 'popups', ZPopupAdmin, ZPopupInput, ZAdminPopupUpdate),
};
