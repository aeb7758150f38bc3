import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ANNOUNCEMENT_PLATFORMS, POPUP_EXECUTIONS } from './constants.js';

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
    query: z.object({
      /** comma list of B, PL, PU, PR, H, A */
      types: z.string().max(64).optional(),
      platform: z.enum(ANNOUNCEMENT_PLATFORMS).optional(),
      execution: z.enum(POPUP_EXECUTIONS).optional(),
      language: langQuery,
    }),
    response: ZAnnouncements,
    summary: 'Banners, marquee notices, popups and promotion announcements',
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
