import { ZRowId } from './ids.js';
import { z } from 'zod';
import { defineEndpoint, MEMBER_KINDS, REAL_MEMBERS } from './endpoint.js';
import { ZPage } from './admin.js';
import { ZMoney } from './money.js';

/**
 * Game catalogue and lobby (API-REFERENCE §3.5, SPEC §2.3, §3, §4). Public feeds (game list, vendor
 * lanes, hot games, rank list, lottery menus) answer anonymous callers; favourites and recent games
 * need a member session. Query parameters the original clients send for their own gateway
 * (`merchant`, `merchantCode`, `platform`, `clientType`, `ext`, `imgSize`, ...) are accepted and
 * ignored: the merchant comes from the `Merchant` header or the host, like every other call.
 *
 * Trial accounts (SPEC §6: no account functions that need a real account): favourites are a real
 * account's, so adding or removing one answers `need_real_account` (403) and the reads answer empty
 * lists; recent games stay open to them, since they list the account's own free-play launches.
 */

/** Lobby categories, in lane order (esports and cockfight right after sports, SPEC §2.3). */
export const GAME_TYPES = [
  'RNG',
  'LIVE',
  'FISH',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'PVP',
  'LOTT',
  'ELOTT',
] as const;
export type TGameType = (typeof GAME_TYPES)[number];

/** RNG lobby sub-types (SC, VP, JP, TG, AC, BG) and the wider classifications (crash, arcade, ...). */
export const GAME_CLASSIFIES = [
  'SC',
  'VP',
  'JP',
  'TG',
  'AC',
  'BG',
  'Crash',
  'Arcade',
  'Table',
  'Jackpot',
] as const;
export type TGameClassify = (typeof GAME_CLASSIFIES)[number];

export const GAME_STATUSES = ['active', 'maintenance', 'disabled'] as const;
export type TGameStatus = (typeof GAME_STATUSES)[number];

/** `isGame` of a vendor card: VASSALAGE opens the vendor's game list, GAME launches its one game. */
export const IS_GAME = { VASSALAGE: 'VASSALAGE', GAME: 'GAME' } as const;

export const GAME_LIST_MAX_PAGE_SIZE = 3000;
export const HOT_GAMES_LIMIT = 120;
export const RECENT_GAMES_LIMIT = 50;
export const FAVOURITES_LIMIT = 999;
export const WINNER_BOARD_MAX = 100;
/** Winner board window: settled wins of the last this many days. */
export const WINNER_BOARD_DAYS = 30;
/** Where a client falls back to when a game image does not load (SPEC §8 image CDN failure). */
export const DEFAULT_GAME_ICON = '/game-icons/default.svg';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** Optional query value; an empty string counts as absent (clients send `vassalage: ''`). */
const opt = <T extends z.ZodType>(s: T) => z.preprocess(blankToUndefined, s.optional());
const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);

export const ZGameType = z.preprocess(upper, z.enum(GAME_TYPES));
/** Case-insensitive on the way in (`crash` -> `Crash`). */
export const ZGameClassify = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? (GAME_CLASSIFIES.find((c) => c.toLowerCase() === v.trim().toLowerCase()) ?? v)
      : v,
  z.enum(GAME_CLASSIFIES),
);
export const ZVendorCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_]{1,32}$/);
export const ZGameCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/);
const ZFlag = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
  z.boolean(),
);
const ZLanguageParam = z
  .string()
  .trim()
  .max(8)
  .regex(/^[A-Za-z-_]+$/);
/** What the original clients send besides the filters; accepted, not used. */
const clientParams = {
  clientType: opt(z.coerce.number().int()),
  platform: opt(z.string().max(64)),
  merchant: opt(z.string().max(32)),
  merchantCode: opt(z.string().max(32)),
  language: opt(ZLanguageParam),
};

export const ZGame = z.object({
  nodeId: z.number().int(),
  /** vendor code */
  vassalage: z.string(),
  gameCode: z.string(),
  /** same as gameCode (the original's name for it) */
  nodeTypeManageId: z.string(),
  /** in the requested language (falls back to English, then any) */
  gameName: z.string(),
  nodeName: z.string(),
  /** the vendor's display name (shown on the game card above the game name) */
  displayName: z.string(),
  gameType: z.enum(GAME_TYPES),
  gameClassify: z.enum(GAME_CLASSIFIES).nullable(),
  showIcon: z.string(),
  iconUrl: z.string(),
  /** the game's own image too: the original's clients read it before showIcon */
  defaultIcon: z.string(),
  isHot: z.boolean(),
  isNew: z.boolean(),
  isGame: z.literal(IS_GAME.GAME),
  /** `maintenance`: listed, not launchable (SPEC §4 game under maintenance) */
  status: z.enum(['active', 'maintenance']),
  /** return to player in percent, "96.50" */
  rtp: z.string().nullable(),
  /** minimum stake, decimal text */
  minBet: z.string().nullable(),
  lines: z.number().int().nullable(),
  defaultLanguage: z.string(),
});
export type TGame = z.infer<typeof ZGame>;

export const ZGameListQuery = z.object({
  ...clientParams,
  gameType: opt(ZGameType),
  vassalage: opt(ZVendorCode),
  gameClassify: opt(ZGameClassify),
  /** substring of the name in any shipped language, case-insensitive */
  gameName: opt(z.string().trim().max(64)),
  isNew: opt(ZFlag),
  isHot: opt(ZFlag),
  pageNo: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1)),
  /** clamped to GAME_LIST_MAX_PAGE_SIZE */
  pageSize: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .int()
      .min(1)
      .default(24)
      .transform((n) => Math.min(n, GAME_LIST_MAX_PAGE_SIZE)),
  ),
});
export type TGameListQuery = z.output<typeof ZGameListQuery>;

export const ZGameList = z.object({
  games: z.array(ZGame),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type TGameList = z.infer<typeof ZGameList>;

export const ZGameVendorCard = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  /** (sic: the original's spelling of "large") */
  lagerIcon: z.string(),
  smallIcon: z.string(),
  mobileSmallIcon: z.string(),
  mobileLargeIcon: z.string(),
  h5Icon: z.string(),
  gameType: z.enum(GAME_TYPES),
  gameCount: z.number().int(),
  nodeId: z.number().int(),
  isGame: z.enum([IS_GAME.VASSALAGE, IS_GAME.GAME]),
  /** the one game a GAME card launches; null for VASSALAGE */
  gameCode: z.string().nullable(),
  status: z.enum(['active', 'maintenance']),
});
export type TGameVendorCard = z.infer<typeof ZGameVendorCard>;

export const ZGameClassifyCount = z.object({
  key: z.enum(GAME_CLASSIFIES),
  displayName: z.string(),
  gameCount: z.number().int(),
});

export const ZGameLane = z.object({
  /** the game type */
  title: z.enum(GAME_TYPES),
  gameClassify: z.array(ZGameClassifyCount),
  cards: z.array(ZGameVendorCard),
});
export type TGameLane = z.infer<typeof ZGameLane>;

export const ZGameVendorLanes = z.object({ data: z.object({ lanes: z.array(ZGameLane) }) });

/** `{RNG: {JL: ['SC', 'AC'], PG: []}, LIVE: {...}}`: the classifies each vendor has per type. */
export const ZVassGameType = z.object({
  content: z.record(z.string(), z.record(z.string(), z.array(z.enum(GAME_CLASSIFIES)))),
});

export const ZHotGamesQuery = z.object({
  ...clientParams,
  isPlatform: opt(z.coerce.number().int()),
  vassalage: opt(ZVendorCode),
  gameType: opt(ZGameType),
});

export const ZFavouriteQuery = z.object({
  ...clientParams,
  gameType: opt(ZGameType),
  pageNo: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1)),
  pageSize: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .int()
      .min(1)
      .default(FAVOURITES_LIMIT)
      .transform((n) => Math.min(n, FAVOURITES_LIMIT)),
  ),
});

export const ZFavouriteRequest = z.object({
  nodeId: ZRowId,
  /** the game's vendor (vassalage); checked against the game when sent */
  vendor: opt(ZVendorCode),
  gameType: opt(ZGameType),
});
export type TFavouriteRequest = z.input<typeof ZFavouriteRequest>;

export const ZFavouriteList = z.object({
  content: z.array(ZGame),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
});

export const ZRankQuery = z.object({
  ...clientParams,
  /** ALL or a game type */
  gameCategory: z.preprocess(
    (v) => blankToUndefined(upper(v)),
    z.union([z.literal('ALL'), z.enum(GAME_TYPES)]).default('ALL'),
  ),
  limitNum: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(WINNER_BOARD_MAX).default(20)),
});

export const ZWinner = z.object({
  gameName: z.string(),
  /** username masked (de***01) */
  customerName: z.string(),
  winAmount: ZMoney,
  currencySymbol: z.string(),
  iconUrl: z.string(),
  nodeId: z.number().int(),
  gameCode: z.string(),
  gameType: z.enum(GAME_TYPES),
  vendor: z.string(),
  /** yyyy-MM-dd HH:mm:ss in the merchant's time zone */
  winTime: z.string(),
});
export const ZWinnerBoard = z.object({ list: z.array(z.object({ vo: ZWinner })) });

export const ZLotteryMenuQuery = z.object({
  /** LOTT, ELOTT (also the brand's `Lott`), ZY, SEA; absent: every lottery game */
  prizeMode: opt(z.string().trim().max(16)),
  language: opt(ZLanguageParam),
});
export const ZLotteryGroup = z.object({
  gameGroupCode: z.string(),
  gameGroupName: z.string(),
  gameType: z.enum(['LOTT', 'ELOTT']),
  gameMenus: z.array(
    z.object({
      nodeId: z.number().int(),
      gameCode: z.string(),
      gameName: z.string(),
      vassalage: z.string(),
      iconUrl: z.string(),
      status: z.enum(['active', 'maintenance']),
    }),
  ),
});
/** A map keyed by gameGroupCode (API-REFERENCE §1.2), inside the envelope. */
export const ZLotteryMenus = z.record(z.string(), ZLotteryGroup);

const tags = ['games'];
export const gameEndpoints = {
  gameList: defineEndpoint({
    id: 'games.gameList',
    method: 'GET',
    path: '/wps/relay/GCSGAME_gameList',
    modId: 'GAMELO3',
    auth: 'optional',
    query: ZGameListQuery,
    response: ZGameList,
    summary: 'Games of the merchant: filter by type, vendor, classify, name substring, new/hot; paged',
    tags,
  }),
  vendorLanes: defineEndpoint({
    id: 'games.newGameVendor',
    method: 'GET',
    path: '/wps/relay/GCSGAME_newGameVendor',
    modId: 'COMM3',
    auth: 'optional',
    query: z.object({ ...clientParams }),
    response: ZGameVendorLanes,
    summary: 'Vendor cards per game type (lanes) with classify counts',
    tags,
  }),
  vassGameType: defineEndpoint({
    id: 'games.getVassGameType',
    method: 'GET',
    path: '/wps/relay/GCSGAME_getVassGameType',
    modId: 'COMM3',
    auth: 'optional',
    query: z.object({
      ...clientParams,
      typeId: opt(z.string().max(8)),
      merchant_code: opt(z.string().max(32)),
    }),
    response: ZVassGameType,
    summary: 'Game types -> vendors -> classifies they have',
    tags,
  }),
  hotGames: defineEndpoint({
    id: 'games.hotGamesV2',
    method: 'GET',
    path: '/wps/relay/GCSGAME_hotGamesV2',
    modId: 'GAMELOHOT3',
    auth: 'optional',
    query: ZHotGamesQuery,
    response: z.object({ list: z.array(ZGame) }),
    summary: 'Hot games of the merchant (optionally of one vendor or type)',
    tags,
  }),
  /** The same call as some of the original's clients make it (PXAPI): the filters in a JSON body. */
  hotGamesPost: defineEndpoint({
    id: 'games.hotGamesV2Post',
    method: 'POST',
    path: '/wps/relay/GCSGAME_hotGamesV2',
    modId: 'GAMELOHOT3',
    auth: 'optional',
    query: ZHotGamesQuery,
    body: ZHotGamesQuery,
    response: z.object({ list: z.array(ZGame) }),
    summary: 'Hot games, filters in the body (or the query)',
    tags,
  }),
  recentGames: defineEndpoint({
    id: 'games.recentGame',
    method: 'GET',
    path: '/wps/relay/GCS_recentGame',
    modId: 'GAMELOREC3',
    auth: 'member',
    members: MEMBER_KINDS,
    query: z.object({ ...clientParams }),
    response: z.object({ list: z.array(ZGame) }),
    summary: "The member's recently launched games, newest first (trial accounts: their free-play launches)",
    tags,
  }),
  favouriteIds: defineEndpoint({
    id: 'games.getFavoriteGames',
    method: 'GET',
    path: '/wps/relay/MCSFE_getFavoriteGames',
    modId: 'GAMELOFAV3',
    auth: 'member',
    members: MEMBER_KINDS,
    query: ZFavouriteQuery,
    response: z.array(z.number().int()),
    summary: "The member's favourite node ids",
    tags,
  }),
  favouriteList: defineEndpoint({
    id: 'games.getFavoriteGamesList',
    method: 'GET',
    path: '/wps/relay/MCSFE_getFavoriteGamesList',
    modId: 'GAMELOFAV3',
    auth: 'member',
    members: MEMBER_KINDS,
    query: ZFavouriteQuery,
    response: ZFavouriteList,
    summary: "The member's favourite games, newest first, paged",
    tags,
  }),
  addFavourite: defineEndpoint({
    id: 'games.addFavoriteGameV2',
    method: 'POST',
    path: '/wps/relay/MCSFE_addFavoriteGameV2',
    modId: 'GAMELOFAV3',
    auth: 'member',
    members: REAL_MEMBERS,
    body: ZFavouriteRequest,
    response: z.array(z.number().int()),
    summary:
      'Add a favourite (a duplicate is ignored); answers the favourite node ids. Trial accounts: need_real_account',
    tags,
  }),
  removeFavourite: defineEndpoint({
    id: 'games.removeFavoriteGameV2',
    method: 'DELETE',
    path: '/wps/relay/MCSFE_removeFavoriteGameV2',
    modId: 'GAMELOFAV3',
    auth: 'member',
    members: REAL_MEMBERS,
    body: ZFavouriteRequest,
    response: z.array(z.number().int()),
    summary: 'Remove a favourite (absent is fine); answers the favourite node ids. Trial: need_real_account',
    tags,
  }),
  rankList: defineEndpoint({
    id: 'games.getRankList',
    method: 'GET',
    path: '/wps/relay/GCSGAME_getRankList',
    auth: 'optional',
    query: ZRankQuery,
    response: ZWinnerBoard,
    summary: `Biggest settled wins of the last ${WINNER_BOARD_DAYS} days, by winAmount`,
    tags,
  }),
  winnerBoard: defineEndpoint({
    id: 'games.getWinnerBoard',
    method: 'GET',
    path: '/wps/relay/ODSFE2_getWinnerBoard',
    modId: 'COMM3',
    auth: 'optional',
    query: ZRankQuery,
    response: ZWinnerBoard,
    summary: `Winner board: biggest settled wins of the last ${WINNER_BOARD_DAYS} days (rows in vo)`,
    tags,
  }),
  lotteryMenus: defineEndpoint({
    id: 'games.lotteryMenus',
    method: 'GET',
    path: '/lgw/games/game_menus',
    modId: 'COMM3',
    auth: 'optional',
    query: ZLotteryMenuQuery,
    response: ZLotteryMenus,
    summary: 'Lottery games grouped by gameGroupCode (the vendor)',
    tags,
  }),
};

// ---- operator API: feed import, per-merchant enablement and order ----

/** Names per upper-case language code; English should be present (the fallback). */
export const ZLocalizedNames = z
  .record(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}(-[A-Za-z]{2})?$/)
      .transform((s) => s.toUpperCase()),
    z.string().trim().min(1).max(120),
  )
  .refine((r) => Object.keys(r).length > 0, { message: 'at least one name' });

const ZIconUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^(https:\/\/|\/)[^\s"'<>]*$/, 'an https URL or a site path');

/**
 * A vendor feed (JSON), as an operator uploads it or the demo seed generates it. Games are upserted by
 * (vendor, gameCode): names, flags, status and order follow the feed; the nodeId stays. A vendor
 * named in `vendors` may be new; a game's vendor must be in the feed or already known.
 */
export const ZCatalogueFeed = z.object({
  vendors: z
    .array(
      z.object({
        code: ZVendorCode,
        names: ZLocalizedNames,
        gameTypes: z.array(ZGameType).min(1),
        color: z
          .string()
          .regex(/^#[0-9a-fA-F]{6}$/)
          .optional(),
        largeIcon: ZIconUrl.optional(),
        smallIcon: ZIconUrl.optional(),
        status: z.enum(GAME_STATUSES).default('active'),
        sortOrder: z.number().int().min(-1_000_000).max(1_000_000).default(0),
      }),
    )
    .max(200)
    .default([]),
  games: z
    .array(
      z.object({
        vendor: ZVendorCode,
        gameCode: ZGameCode,
        gameType: ZGameType,
        gameClassify: ZGameClassify.nullable().optional(),
        names: ZLocalizedNames,
        icon: ZIconUrl.optional(),
        isHot: z.boolean().default(false),
        isNew: z.boolean().default(false),
        /** basis points, 9650 = 96.50 % */
        rtpBps: z.number().int().min(0).max(10_000).optional(),
        /** decimal text, at most two decimals */
        minBet: z
          .string()
          .regex(/^\d{1,9}(\.\d{1,2})?$/)
          .optional(),
        /** paylines or ways (117649 for Megaways) */
        lines: z.number().int().min(0).max(1_000_000).optional(),
        status: z.enum(GAME_STATUSES).default('active'),
        sortOrder: z.number().int().min(-1_000_000).max(1_000_000).default(0),
      }),
    )
    .max(20_000)
    .default([]),
  /** games of the feed's vendors that the feed no longer lists become `disabled` */
  disableMissing: z.boolean().default(false),
  /** also switch the feed's vendors on for the importing operator's merchant */
  enableForMerchant: z.boolean().default(false),
});
export type TCatalogueFeed = z.input<typeof ZCatalogueFeed>;
export type TCatalogueFeedParsed = z.output<typeof ZCatalogueFeed>;

export const ZCatalogueImportResult = z.object({
  vendorsInserted: z.number().int(),
  vendorsUpdated: z.number().int(),
  gamesInserted: z.number().int(),
  gamesUpdated: z.number().int(),
  gamesUnchanged: z.number().int(),
  gamesDisabled: z.number().int(),
});
export type TCatalogueImportResult = z.infer<typeof ZCatalogueImportResult>;

export const ZCatalogueVendorAdmin = z.object({
  code: z.string(),
  nodeId: z.number().int(),
  names: z.record(z.string(), z.string()),
  gameTypes: z.array(z.enum(GAME_TYPES)),
  status: z.enum(GAME_STATUSES),
  gameCount: z.number().int(),
  /** the merchant's row (merchant_vendor); null: not set up for this merchant */
  merchant: z
    .object({
      enabled: z.boolean(),
      sortOrder: z.number().int(),
      displayName: z.string(),
      walletMode: z.string(),
    })
    .nullable(),
});

export const ZCatalogueVendorUpdate = z
  .object({
    enabled: z.boolean().optional(),
    sortOrder: z.number().int().min(-1_000_000).max(1_000_000).optional(),
    displayName: z.string().trim().min(1).max(60).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'nothing to change' });

export const ZCatalogueGameAdminQuery = z.object({
  vendor: opt(ZVendorCode),
  gameType: opt(ZGameType),
  gameName: opt(z.string().trim().max(64)),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const ZCatalogueGameAdmin = z.object({
  nodeId: z.number().int(),
  vendor: z.string(),
  gameCode: z.string(),
  gameType: z.enum(GAME_TYPES),
  gameClassify: z.enum(GAME_CLASSIFIES).nullable(),
  names: z.record(z.string(), z.string()),
  status: z.enum(GAME_STATUSES),
  isHot: z.boolean(),
  sortOrder: z.number().int(),
  /** the merchant's overrides (null: follows the catalogue) */
  override: z.object({
    enabled: z.boolean().nullable(),
    sortOrder: z.number().int().nullable(),
    isHot: z.boolean().nullable(),
  }),
});

/** null clears an override (back to the catalogue's value). */
export const ZCatalogueGameUpdate = z
  .object({
    enabled: z.boolean().nullable().optional(),
    sortOrder: z.number().int().min(-1_000_000).max(1_000_000).nullable().optional(),
    isHot: z.boolean().nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'nothing to change' });

const adminTags = ['admin'];
export const adminCatalogueEndpoints = {
  import: defineEndpoint({
    id: 'admin.catalogue.import',
    method: 'POST',
    path: '/admin/api/catalogue/import',
    auth: 'operator',
    // the catalogue is shared by every merchant: one merchant's admin may not rewrite it
    permission: 'owner',
    body: ZCatalogueFeed,
    response: ZCatalogueImportResult,
    summary: 'Import a vendor feed into the shared catalogue (idempotent upsert; audited; owner)',
    tags: adminTags,
  }),
  vendors: defineEndpoint({
    id: 'admin.catalogue.vendors',
    method: 'GET',
    path: '/admin/api/catalogue/vendors',
    auth: 'operator',
    response: z.array(ZCatalogueVendorAdmin),
    summary: "Catalogue vendors with the merchant's enablement and order",
    tags: adminTags,
  }),
  updateVendor: defineEndpoint({
    id: 'admin.catalogue.updateVendor',
    method: 'PUT',
    path: '/admin/api/catalogue/vendors/:code',
    auth: 'operator',
    params: z.object({ code: ZVendorCode }),
    body: ZCatalogueVendorUpdate,
    response: ZCatalogueVendorAdmin,
    summary: 'Enable, disable, order or rename a vendor for the merchant (audited; owner/admin)',
    tags: adminTags,
  }),
  games: defineEndpoint({
    id: 'admin.catalogue.games',
    method: 'GET',
    path: '/admin/api/catalogue/games',
    auth: 'operator',
    query: ZCatalogueGameAdminQuery,
    response: ZPage(ZCatalogueGameAdmin),
    summary: "Catalogue games with the merchant's overrides",
    tags: adminTags,
  }),
  updateGame: defineEndpoint({
    id: 'admin.catalogue.updateGame',
    method: 'PUT',
    path: '/admin/api/catalogue/games/:nodeId',
    auth: 'operator',
    params: z.object({ nodeId: ZRowId }),
    body: ZCatalogueGameUpdate,
    response: ZCatalogueGameAdmin,
    summary: "Override a game's enablement, order or hot flag for the merchant (audited; owner/admin)",
    tags: adminTags,
  }),
};

/** Operator calls answer `not_found` for an unknown vendor and `request_param_err` for a bad feed. */
export const GAME_ERRORS = {
  game_not_found: { status: 404, en: 'This game does not exist', bn: 'এই গেমটি বিদ্যমান নেই' },
  favourite_limit: {
    status: 409,
    en: 'You have reached the maximum number of favourite games',
    bn: 'আপনি সর্বোচ্চ সংখ্যক প্রিয় গেম যোগ করেছেন',
  },
} as const;
