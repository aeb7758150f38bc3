/** Member types (API-REFERENCE §5.1): agents 1, 2, 41, 42; trial 4; the rest are members. */
export const AGENT_TYPES = [1, 2, 41, 42] as const;
export const TRIAL_TYPES = [4] as const;
export const isAgentType = (t: number) => (AGENT_TYPES as readonly number[]).includes(t);
export const isTrialType = (t: number) => (TRIAL_TYPES as readonly number[]).includes(t);

/** System status (API-REFERENCE §5.2): maintenance wins over region restriction. */
export const SYSTEM_STATUS = { NORMAL: 0, MAINTENANCE: 1, REGION_BLOCKED: 2 } as const;
export type TSystemStatus = (typeof SYSTEM_STATUS)[keyof typeof SYSTEM_STATUS];
export const systemStatusOf = (s: { maintenance: boolean; regionRestriction: boolean }): TSystemStatus =>
  s.maintenance
    ? SYSTEM_STATUS.MAINTENANCE
    : s.regionRestriction
      ? SYSTEM_STATUS.REGION_BLOCKED
      : SYSTEM_STATUS.NORMAL;

/** SPEC §9 */
export const PAGE_SIZES = { HOME: 12, CATEGORY: 24, FAVOURITES: 999, ANNOUNCEMENTS: 9 } as const;
export const ANNOUNCEMENT_PAGER = { RANGE: 5, MARGIN: 1 } as const;
export const WINNER_BOARD_LIMIT = 20;
export const CLIENT_TYPE = { MOBILE: 2, DESKTOP: 3 } as const;
export const REMEMBER_ME_MS = 86_400_000;
export const CAPTCHA_REFRESH_MS = 1000;
export const SMS_THROTTLE_MS = 1000;
export const AUTH_THROTTLE_WAIT_MS = 5 * 60_000;
export const DEFAULT_AGE_LIMIT = 18;

/** Banner carousel parameters (SPEC §2.3). */
export const BANNER_CAROUSEL = {
  speedMs: 1000,
  autoplayDelayMs: 5000,
  spaceBetween: 20.3,
  slidesPerView: 1,
} as const;

/** Banner groups (SPEC §3 public state). */
export const BANNER_GROUPS = ['w_home', 'w_leftmenu', 'w_login', 'w_register', 'w_forget'] as const;
export type TBannerGroup = (typeof BANNER_GROUPS)[number];

/** Announcement query values (API-REFERENCE §5.3). */
export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H', 'A'] as const;
export const ANNOUNCEMENT_PLATFORMS = ['W', 'M'] as const;
/** Popup audience: A logged in, B anonymous, F logged-in first-time users. */
export const POPUP_EXECUTIONS = ['A', 'B', 'F'] as const;
export type TPopupExecution = (typeof POPUP_EXECUTIONS)[number];

/** Language codes as sent in the `Language` header (upper case). Shipped: BN (default) and EN. */
export const ALL_LANGUAGES = [
  'CN',
  'EN',
  'JA',
  'TH',
  'VI',
  'MY',
  'ES',
  'HI',
  'ID',
  'KM',
  'KO',
  'MS',
  'PT',
  'TA',
  'TW',
  'TY',
  'UR',
  'PT-BR',
  'TR',
  'BN',
  'AR',
  'FA',
  'RU',
  'KK',
  'UZ',
  'LO',
  'NE',
  'FR',
] as const;
export type TLanguage = (typeof ALL_LANGUAGES)[number];

/** Help-centre tags. */
export const HELP_TAGS = [
  'aboutus',
  'deposit',
  'withdraw',
  'game',
  'faqs',
  'terms',
  'privacy',
  'responsible',
] as const;

/** White-label module ids (API-REFERENCE §4). */
export const MODULE_IDS = [
  'COMM3',
  'REG3',
  'USERNAMEREG3',
  'MOBILENUMREG3',
  'MOBILENUMPASSREG3',
  'REGMOBVERF3',
  'VERIFICATION3',
  'MOBILEVERCODELOGIN3',
  'LOGINIPVERF3',
  'CAPTCHA3',
  'GEETEST3',
  'FREEPLAY3',
  'PWDEXPFORCECHANGE3',
  'PASS3',
  'PWRESETSMS3',
  'CHNGPASSVERIF3',
  'PROFPIC3',
  'AFFMAN3',
  'AGENTPOLICY3',
  'SIGNCONDIV3',
  'DAILYSALCONT3',
  'HOURSAL3',
  'RTSALARY3',
  'FUNDTRANS3',
  'GAMELO3',
  'GAMELOHOT3',
  'GAMELOREC3',
  'GAMELOFAV3',
  'AGEANNOUNCE3',
  'REWCEN3',
  'PTSYS3',
  'MEMTRANS3',
  'INBOX3',
  'CBS3',
  'FEEDBACK3',
] as const;
export type TModuleId = (typeof MODULE_IDS)[number];
