import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ANNOUNCEMENT_PLATFORMS, BANNER_GROUPS, POPUP_EXECUTIONS } from './constants.js';

export interface TWhitelabelNode {
  modId: string;
  name: string;
  enabled: '1' | '0';
  childrenNodes: TWhitelabelNode[];
}
export const ZWhitelabelNode: z.ZodType<TWhitelabelNode> = z.lazy(() =>
  z.object({
    modId: z.string(),
    name: z.string(),
    enabled: z.enum(['1', '0']),
    childrenNodes: z.array(ZWhitelabelNode),
  }),
);

/** Server-driven validation rule of one registration field (SPEC §5). `acceptedPattern` '*' = match-all. */
export const ZRegisterFieldRule = z.object({
  acceptedPattern: z.string(),
  minLength: z.number().int(),
  maxLength: z.number().int(),
  patternId: z.number().int(),
  enabled: z.boolean(),
  required: z.boolean(),
});
export type TRegisterFieldRule = z.infer<typeof ZRegisterFieldRule>;

/**
 * Customer-service entry. `path` is obfuscated as the original platform did (a key travels at the end):
 * `<base64url(iv[12] ‖ AES-256-GCM ciphertext ‖ tag[16])><base64url(key[32]) = last 43 chars>`.
 * It only keeps plain links out of scrapers' reach; it is not a secret. See `decodeCustomerServicePath`.
 */
export const ZCustomerService = z.object({ csType: z.string(), path: z.string(), name: z.string() });

export const ZMerchantPublic = z.object({
  code: z.string(),
  name: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  currencyDecimals: z.number().int(),
  languages: z.array(z.string()),
  defaultLanguage: z.string(),
  theme: z.enum(['dark', 'light']),
  timeZone: z.string(),
  logoUrl: z.string().nullable(),
  copyright: z.string(),
  socialLinks: z.array(z.object({ type: z.string(), url: z.string() })),
});
export type TMerchantPublic = z.infer<typeof ZMerchantPublic>;

export const ZResource = z.object({ resourceType: z.string(), labelNameEn: z.string(), url: z.string() });

export const ZMaintenanceWindow = z.object({
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  message: z.string().nullable(),
});

export const ZSystemStatus = z.object({
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
  /** 0 normal, 1 maintenance, 2 region restricted; maintenance wins. */
  status: z.number().int(),
  location: z.object({ ip: z.string(), countryCode: z.string().nullable() }),
  maintenanceInfo: ZMaintenanceWindow.nullable(),
  info: z.object({
    merchant: ZMerchantPublic,
    customerService: z.array(ZCustomerService),
    domainRoute: z.array(z.string()),
    resources: z.array(ZResource),
    whitelabel: z.array(ZWhitelabelNode),
    register: z.record(z.string(), ZRegisterFieldRule),
    mainDomain: z.string(),
    analytics: z.object({ gtagId: z.string().nullable() }),
    imageCDNs: z.array(z.string()),
    launchGameCDNs: z.array(z.string()),
  }),
});
export type TSystemStatusValue = z.infer<typeof ZSystemStatus>;

export const ZBanner = z.object({
  id: z.number().int(),
  groupName: z.string(),
  title: z.string(),
  url: z.string(),
  sequence: z.number().int(),
  linkageType: z.enum(['URL', 'NONE', 'PROMOTION', 'GAME']),
  redirect: z.string().nullable(),
  externalLink: z.string().nullable(),
  redirectPromotionId: z.number().int().nullable(),
  gameLinkageMapping: z.string().nullable(),
});
export type TBanner = z.infer<typeof ZBanner>;

export const ZNotice = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  externalLink: z.string().nullable(),
  announcementDisplaySpeed: z.number().int(),
});
export type TNotice = z.infer<typeof ZNotice>;

export const ZPopup = z.object({
  id: z.number().int(),
  title: z.string(),
  /** HTML, sanitised on the server and again before rendering. */
  content: z.string(),
  promotionType: z.string().nullable(),
  execution: z.enum(POPUP_EXECUTIONS),
});
export type TPopup = z.infer<typeof ZPopup>;

export const ZPromotionAnnouncement = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.string(),
  announcementImages: z.array(z.object({ sequence: z.number().int(), url: z.string() })),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  content: z.string(),
});

export const ZAnnouncements = z.object({
  banners: z.array(ZBanner),
  player: z.array(ZNotice),
  popup: z.array(ZPopup),
  promotion: z.array(ZPromotionAnnouncement),
});
export type TAnnouncements = z.infer<typeof ZAnnouncements>;

export interface THelpItem {
  id: number;
  tag: string;
  title: string;
  content: string;
  bgColor: string | null;
  lang: string;
  display: boolean;
  children: THelpItem[];
}
export const ZHelpItem: z.ZodType<THelpItem> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    tag: z.string(),
    title: z.string(),
    content: z.string(),
    bgColor: z.string().nullable(),
    lang: z.string(),
    display: z.boolean(),
    children: z.array(ZHelpItem),
  }),
);

export const ZCountry = z.object({
  countryCode: z.string(),
  countryDialingCode: z.string(),
  name: z.string(),
});

const langQuery = z.string().trim().toUpperCase().max(8).optional();

// ---------------------------------------------------------------------------------------------
// Site-content management (operator side). The system service validates its write inputs with these;
// the operator API can use them as request bodies and the views as responses.
// ---------------------------------------------------------------------------------------------

/** Banner groups an operator may fill: the player site's groups plus the promotions page. */
export const CONTENT_BANNER_GROUPS = [...BANNER_GROUPS, 'w_promotion'] as const;
export const CONTENT_PLATFORMS = ['W', 'M', 'ALL'] as const;
export const BANNER_LINKAGE_TYPES = ['URL', 'NONE', 'PROMOTION', 'GAME'] as const;

/** Per-language text: `{ "BN": "...", "EN": "..." }` (upper-case language codes). */
export const ZLocalizedText = z.record(z.string().regex(/^[A-Z]{2}(-[A-Z]{2})?$/), z.string().max(50_000));
export type TLocalizedText = z.infer<typeof ZLocalizedText>;
/** ISO 8601 instant with offset, or null for an open end. */
const ZInstant = z.iso.datetime({ offset: true }).nullable();
const ZLink = z.string().trim().max(2000).nullable();

const windowOk = (v: { startDate?: string | null; endDate?: string | null }) =>
  !v.startDate || !v.endDate || new Date(v.startDate) < new Date(v.endDate);
const windowMsg = { message: 'startDate must be before endDate', path: ['endDate'] };

export const ZMaintenanceInput = z
  .object({
    enabled: z.boolean(),
    startTime: ZInstant.optional(),
    endTime: ZInstant.optional(),
    message: z.string().max(2000).nullable().optional(),
  })
  .refine((v) => !v.startTime || !v.endTime || new Date(v.startTime) < new Date(v.endTime), {
    message: 'startTime must be before endTime',
    path: ['endTime'],
  });
export type TMaintenanceInput = z.input<typeof ZMaintenanceInput>;
export const ZMaintenanceState = z.object({
  enabled: z.boolean(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  message: z.string().nullable(),
  /** enabled and now within the window */
  active: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type TMaintenanceState = z.infer<typeof ZMaintenanceState>;

export const ZRegionRuleInput = z.object({
  action: z.enum(['allow', 'deny']),
  kind: z.enum(['country', 'cidr']),
  /** ISO 3166-1 alpha-2 country code, or an IPv4/IPv6 address or CIDR */
  value: z.string().trim().min(2).max(64),
  note: z.string().max(500).optional(),
  priority: z.number().int().optional(),
});
export type TRegionRuleInput = z.input<typeof ZRegionRuleInput>;
export const ZRegionRule = z.object({
  id: z.number().int(),
  action: z.enum(['allow', 'deny']),
  kind: z.enum(['country', 'cidr']),
  value: z.string(),
  note: z.string(),
  priority: z.number().int(),
  createdAt: z.string(),
});
export type TRegionRule = z.infer<typeof ZRegionRule>;

export const ZBannerInput = z
  .object({
    groupName: z.enum(CONTENT_BANNER_GROUPS),
    title: ZLocalizedText.default({}),
    imageUrl: z.string().trim().min(1).max(2000),
    sequence: z.number().int().default(0),
    linkageType: z.enum(BANNER_LINKAGE_TYPES).default('NONE'),
    redirect: ZLink.default(null),
    externalLink: ZLink.default(null),
    redirectPromotionId: z.number().int().nullable().default(null),
    gameLinkageMapping: z.string().max(500).nullable().default(null),
    platform: z.enum(CONTENT_PLATFORMS).default('ALL'),
    active: z.boolean().default(true),
    startDate: ZInstant.default(null),
    endDate: ZInstant.default(null),
  })
  .refine(windowOk, windowMsg);
export type TBannerInput = z.input<typeof ZBannerInput>;
export const ZBannerAdmin = z.object({
  id: z.number().int(),
  groupName: z.string(),
  title: ZLocalizedText,
  imageUrl: z.string(),
  sequence: z.number().int(),
  linkageType: z.enum(BANNER_LINKAGE_TYPES),
  redirect: z.string().nullable(),
  externalLink: z.string().nullable(),
  redirectPromotionId: z.number().int().nullable(),
  gameLinkageMapping: z.string().nullable(),
  platform: z.enum(CONTENT_PLATFORMS),
  active: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  updatedAt: z.string(),
});
export type TBannerAdmin = z.infer<typeof ZBannerAdmin>;

export const ZNoticeInput = z
  .object({
    title: ZLocalizedText.default({}),
    content: ZLocalizedText,
    externalLink: ZLink.default(null),
    /** marquee speed */
    displaySpeed: z.number().int().min(1).max(1000).default(50),
    sequence: z.number().int().default(0),
    platform: z.enum(CONTENT_PLATFORMS).default('ALL'),
    active: z.boolean().default(true),
    startDate: ZInstant.default(null),
    endDate: ZInstant.default(null),
  })
  .refine(windowOk, windowMsg);
export type TNoticeInput = z.input<typeof ZNoticeInput>;
export const ZNoticeAdmin = z.object({
  id: z.number().int(),
  title: ZLocalizedText,
  content: ZLocalizedText,
  externalLink: z.string().nullable(),
  displaySpeed: z.number().int(),
  sequence: z.number().int(),
  platform: z.enum(CONTENT_PLATFORMS),
  active: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  updatedAt: z.string(),
});
export type TNoticeAdmin = z.infer<typeof ZNoticeAdmin>;

export const ZPopupInput = z
  .object({
    title: ZLocalizedText.default({}),
    /** HTML per language; sanitised by the server on write */
    content: ZLocalizedText,
    execution: z.enum(POPUP_EXECUTIONS),
    promotionType: z.string().max(64).nullable().default(null),
    platform: z.enum(CONTENT_PLATFORMS).default('ALL'),
    sequence: z.number().int().default(0),
    active: z.boolean().default(true),
    startDate: ZInstant.default(null),
    endDate: ZInstant.default(null),
  })
  .refine(windowOk, windowMsg);
export type TPopupInput = z.input<typeof ZPopupInput>;
export const ZPopupAdmin = z.object({
  id: z.number().int(),
  title: ZLocalizedText,
  content: ZLocalizedText,
  execution: z.enum(POPUP_EXECUTIONS),
  promotionType: z.string().nullable(),
  platform: z.enum(CONTENT_PLATFORMS),
  sequence: z.number().int(),
  active: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  updatedAt: z.string(),
});
export type TPopupAdmin = z.infer<typeof ZPopupAdmin>;

export const ZAnnouncementsQuery = z.object({
  /** comma list of B, PL, PU, PR, H, A */
  types: z.string().max(64).optional(),
  platform: z.enum(ANNOUNCEMENT_PLATFORMS).optional(),
  /** requested popup audience; an anonymous caller always gets B */
  execution: z.enum(POPUP_EXECUTIONS).optional(),
  /** a logged-in caller on the first login also gets the F popups (until sessions carry the flag) */
  firstTimeLogin: z.enum(['true', 'false']).optional(),
  language: langQuery,
});

export const systemEndpoints = {
  status: defineEndpoint({
    id: 'system.status',
    method: 'GET',
    path: '/wps/system/status',
    modId: 'COMM3',
    auth: 'optional',
    response: ZSystemStatus,
    summary: 'Permission payload: maintenance, region restriction, caller location and site configuration',
    tags: ['system'],
  }),
  whitelabel: defineEndpoint({
    id: 'system.whitelabel',
    method: 'GET',
    path: '/wps/system/whitelabel',
    modId: 'COMM3',
    auth: 'none',
    response: z.array(ZWhitelabelNode),
    summary: 'White-label module tree of the merchant',
    tags: ['system'],
  }),
  domainRoute: defineEndpoint({
    id: 'system.domainRoute',
    method: 'GET',
    path: '/wps/system/domainRoute',
    modId: 'COMM3',
    auth: 'none',
    response: z.array(z.object({ domain: z.string(), routeType: z.string() })),
    summary: 'Domains of the merchant and what each serves',
    tags: ['system'],
  }),
  helpCenter: defineEndpoint({
    id: 'system.helpCenter',
    method: 'GET',
    path: '/wps/system/helpCenter',
    modId: 'COMM3',
    auth: 'none',
    query: z.object({ lang: langQuery, device: z.string().trim().toUpperCase().max(16).optional() }),
    response: z.array(ZHelpItem),
    summary: 'Help-centre articles in a language',
    tags: ['system'],
  }),
  announcements: defineEndpoint({
    id: 'system.announcements',
    method: 'GET',
    path: '/wps/relay/MCSFE_getListAnnouncements',
    modId: 'COMM3',
    auth: 'optional',
    query: ZAnnouncementsQuery,
    response: ZAnnouncements,
    summary: 'Banners, marquee notices, popups and promotion announcements',
    tags: ['system'],
  }),
  /** The same answer under the name some of the original's clients call (PX-HOME, also with `?AFTER_LOGIN`). */
  announcementsCcsfe: defineEndpoint({
    id: 'system.announcementsCcsfe',
    method: 'GET',
    path: '/wps/relay/CCSFE_getListAnnouncements',
    modId: 'COMM3',
    auth: 'optional',
    query: ZAnnouncementsQuery,
    response: ZAnnouncements,
    summary: 'Alias of MCSFE_getListAnnouncements',
    tags: ['system'],
  }),
  country: defineEndpoint({
    id: 'system.country',
    method: 'GET',
    path: '/wps/system/country',
    modId: 'COMM3',
    auth: 'none',
    response: z.array(ZCountry),
    summary: 'Countries the merchant accepts, with dialing codes; the first is the default',
    tags: ['system'],
  }),
};
