import { z } from 'zod';
import { defineEndpoint, REAL_MEMBERS } from './endpoint.js';
import { ADMIN_PAGE_SIZE, ZPage } from './admin.js';
import { ZRowId, ZRowIdNumber } from './ids.js';
import { ZMoney } from './money.js';
import { ZPromotionClaim } from './promotion.js';

/**
 * Promotion applications (issue 16, SPEC 3 "activity application: comment and image upload", SPEC 5
 * and 9 limits): a promotion whose trigger is APPLICATION is applied for by hand: the member sends a
 * remark (at most 140 characters) and up to 3 png/jpg images of at most 5 MB each; the application
 * waits (SPEC 4 status Applying) until an operator approves it (the promotion's reward is paid through
 * its grant: cash, or bonus money with its wagering; once per member) or rejects it with a reason the
 * member sees (Rejected; the member may apply again when the promotion's settings allow it).
 */
export const APPLICATION_LIMITS = {
  REMARK_MAX_CHARS: 140,
  MAX_IMAGES: 3,
  MAX_IMAGE_BYTES: 5 * 1024 * 1024,
  /** base64 text a little over 5 MB of bytes, so an oversized image gets its own error, not a shape error */
  MAX_IMAGE_BASE64_CHARS: 7_200_000,
  CONTENT_TYPES: ['image/png', 'image/jpeg'] as const,
} as const;

export const APPLICATION_STATES = ['APPLYING', 'APPROVED', 'REJECTED'] as const;
export type TApplicationState = (typeof APPLICATION_STATES)[number];

/** Characters as a person counts them (code points: an emoji is one). */
export const remarkLength = (s: string) => Array.from(s).length;

const ZRemark = z
  .string()
  .trim()
  .min(1)
  .refine((s) => remarkLength(s) <= APPLICATION_LIMITS.REMARK_MAX_CHARS, {
    message: `at most ${APPLICATION_LIMITS.REMARK_MAX_CHARS} characters`,
  });

/**
 * One image: base64, optionally as a `data:image/...;base64,` URL. Its type is read from its bytes by
 * the server (png or jpeg), never from a name or the URL's claim; its decoded size is checked there.
 */
export const ZApplicationImageInput = z.object({
  data: z.string().min(8).max(APPLICATION_LIMITS.MAX_IMAGE_BASE64_CHARS),
});

/** MCSFE_applyPromotion: the remark is required, the images optional (0 to 3). */
export const ZPromotionApply = z.object({
  promotionId: ZRowIdNumber,
  remark: ZRemark,
  images: z.array(ZApplicationImageInput).max(APPLICATION_LIMITS.MAX_IMAGES).default([]),
});
export type TPromotionApply = z.input<typeof ZPromotionApply>;

export const ZPromotionApplication = z.object({
  id: z.string(),
  promotionId: z.number().int(),
  title: z.string(),
  state: z.enum(APPLICATION_STATES),
  /** SPEC 4 status the member sees: Applying, Rejected, or the paid claim's (Process, Claimed, Close) */
  status: z.enum(['Applying', 'Rejected', 'Process', 'Claimed', 'Close']),
  remark: z.string(),
  /** how many images were sent (fetched one by one) */
  imageCount: z.number().int().min(0).max(APPLICATION_LIMITS.MAX_IMAGES),
  /** the operator's reason, once rejected */
  reason: z.string().nullable(),
  /** the reward paid, once approved */
  claim: ZPromotionClaim.nullable(),
  createdDate: z.string(),
  decidedDate: z.string().nullable(),
});
export type TPromotionApplication = z.infer<typeof ZPromotionApplication>;

/** The member's applications to one promotion (newest first) and whether it may apply now. */
export const ZPromotionApplications = z.object({
  promotionId: z.number().int(),
  canApply: z.boolean(),
  allowReapply: z.boolean(),
  list: z.array(ZPromotionApplication),
});
export type TPromotionApplications = z.infer<typeof ZPromotionApplications>;

export const ZApplicationImage = z.object({
  contentType: z.enum(APPLICATION_LIMITS.CONTENT_TYPES),
  /** base64 */
  data: z.string(),
});
export type TApplicationImage = z.infer<typeof ZApplicationImage>;

export const ZApplicationsQuery = z.object({ promotionId: ZRowId });
export const ZApplicationImageQuery = z.object({
  id: ZRowId,
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(APPLICATION_LIMITS.MAX_IMAGES - 1),
});

export const ZAdminApplication = ZPromotionApplication.omit({ title: true }).extend({
  title: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  rewardAmount: ZMoney.nullable(),
  decidedBy: z.string().nullable(),
});
export type TAdminApplication = z.infer<typeof ZAdminApplication>;
export const ZAdminApplicationDetail = ZAdminApplication.extend({ images: z.array(ZApplicationImage) });
export type TAdminApplicationDetail = z.infer<typeof ZAdminApplicationDetail>;

export const ZAdminApplicationQuery = z.object({
  state: z.enum(APPLICATION_STATES).optional(),
  promotionId: ZRowId.optional(),
  memberId: ZRowId.optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE.MAX).default(ADMIN_PAGE_SIZE.DEFAULT),
});
export const ZAdminApplicationApprove = z.object({
  remark: z.string().trim().max(APPLICATION_LIMITS.REMARK_MAX_CHARS).optional(),
});
export const ZAdminApplicationReject = z.object({
  reason: ZRemark,
});
/** An APPLICATION promotion's own settings (no row: a rejected member may not apply again). */
export const ZApplicationSettings = z.object({ allowReapply: z.boolean() });
export type TApplicationSettings = z.infer<typeof ZApplicationSettings>;

export const PROMOTION_APPLICATION_ERRORS = {
  promotion_application_image_invalid: {
    status: 422,
    en: 'Images must be PNG or JPG',
    bn: 'ছবি অবশ্যই PNG বা JPG হতে হবে',
  },
  promotion_application_image_too_large: {
    status: 413,
    en: 'Each image can be at most 5 MB',
    bn: 'প্রতিটি ছবি সর্বোচ্চ ৫ MB হতে পারে',
  },
  promotion_application_pending: {
    status: 409,
    en: 'Your application is already waiting for review',
    bn: 'আপনার আবেদনটি ইতিমধ্যে পর্যালোচনার অপেক্ষায় আছে',
  },
  promotion_application_not_found: {
    status: 404,
    en: 'This application does not exist',
    bn: 'এই আবেদনটি বিদ্যমান নেই',
  },
  promotion_application_decided: {
    status: 409,
    en: 'This application has already been decided',
    bn: 'এই আবেদনটির সিদ্ধান্ত ইতিমধ্যে নেওয়া হয়েছে',
  },
} as const;

const tags = ['promotions'];
export const promotionApplicationEndpoints = {
  apply: defineEndpoint({
    id: 'promotion.apply',
    method: 'POST',
    path: '/wps/relay/MCSFE_applyPromotion',
    modId: 'REWCEN3',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    body: ZPromotionApply,
    response: ZPromotionApplication,
    summary:
      'Applies for an APPLICATION promotion: a remark (at most 140 characters) and 0-3 png/jpg images of at most 5 MB; it waits for an operator (Applying)',
    tags,
  }),
  list: defineEndpoint({
    id: 'promotion.applications',
    method: 'GET',
    path: '/wps/relay/MCSFE_getPromotionApplications',
    modId: 'REWCEN3',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    query: ZApplicationsQuery,
    response: ZPromotionApplications,
    summary: "The member's applications to a promotion (status, rejection reason) and whether it may apply",
    tags,
  }),
  image: defineEndpoint({
    id: 'promotion.applicationImage',
    method: 'GET',
    path: '/wps/relay/MCSFE_getPromotionApplicationImage',
    modId: 'REWCEN3',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    query: ZApplicationImageQuery,
    response: ZApplicationImage,
    summary: "One image of the member's own application (base64 in `data`)",
    tags,
  }),
};

export const adminPromotionApplicationEndpoints = {
  list: defineEndpoint({
    id: 'admin.promotionApplications.list',
    method: 'GET',
    path: '/admin/api/promotion-applications',
    auth: 'operator',
    query: ZAdminApplicationQuery,
    response: ZPage(ZAdminApplication),
    summary:
      'The review queue: applications of the merchant, oldest waiting first (filters: state, promotion, member)',
    tags: ['admin'],
  }),
  get: defineEndpoint({
    id: 'admin.promotionApplications.get',
    method: 'GET',
    path: '/admin/api/promotion-applications/:id',
    auth: 'operator',
    params: z.object({ id: ZRowId }),
    response: ZAdminApplicationDetail,
    summary: 'One application with its images (base64)',
    tags: ['admin'],
  }),
  approve: defineEndpoint({
    id: 'admin.promotionApplications.approve',
    method: 'POST',
    path: '/admin/api/promotion-applications/:id/approve',
    auth: 'operator',
    params: z.object({ id: ZRowId }),
    body: ZAdminApplicationApprove,
    response: ZAdminApplication,
    summary: "Approves an application: the promotion's reward is paid once (audited; the member is notified)",
    tags: ['admin'],
  }),
  reject: defineEndpoint({
    id: 'admin.promotionApplications.reject',
    method: 'POST',
    path: '/admin/api/promotion-applications/:id/reject',
    auth: 'operator',
    params: z.object({ id: ZRowId }),
    body: ZAdminApplicationReject,
    response: ZAdminApplication,
    summary: 'Rejects an application with a reason the member sees (audited; the member is notified)',
    tags: ['admin'],
  }),
  getSettings: defineEndpoint({
    id: 'admin.promotionApplications.getSettings',
    method: 'GET',
    path: '/admin/api/promotions/:id/application-settings',
    auth: 'operator',
    params: z.object({ id: ZRowId }),
    response: ZApplicationSettings,
    summary: "An APPLICATION promotion's settings (whether a rejected member may apply again)",
    tags: ['admin'],
  }),
  setSettings: defineEndpoint({
    id: 'admin.promotionApplications.setSettings',
    method: 'PUT',
    path: '/admin/api/promotions/:id/application-settings',
    auth: 'operator',
    params: z.object({ id: ZRowId }),
    body: ZApplicationSettings,
    response: ZApplicationSettings,
    summary: "Sets an APPLICATION promotion's settings (audited)",
    tags: ['admin'],
  }),
};
