import { ZRowId } from './ids.js';
import { z } from 'zod';
import { defineEndpoint, MEMBER_KINDS } from './endpoint.js';
import { DATE_PRESETS } from './account-record.js';
import { GAME_TYPES, ZGameCode, ZVendorCode } from './games.js';
import { ZMoney } from './money.js';

/**
 * Launching a game (API-REFERENCE §3.5 launchGame, SPEC §4 "Launching a game") and the player's
 * betting record (member centre `personalHistoryCopy`).
 *
 * launchGame is GET with the token; `launchMode` is required (`GLS` games, `LOTT` lottery): without
 * it the reference answers `#727 system busy` with HTTP 500; `game_launch_mode_required` keeps the code
 * and its text but answers 400, as it is the client's mistake (issue 12).
 * `accountType` 1 plays the real wallet, 0 free trial (play money held by the game server, the
 * wallet is never touched). A trial account (type 4) may only launch free trial. `launchTrial` is
 * the same free-trial launch for a visitor without a session (the "free trial" button on a card).
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const opt = <T extends z.ZodType>(s: T) => z.preprocess(blank, s.optional());

export const LAUNCH_MODES = ['GLS', 'LOTT'] as const;

const launchParams = {
  /** catalogue node id of the game (what the lobby's cards carry) */
  nodeId: opt(ZRowId),
  /** vendor code + game code, when the caller has no nodeId (e.g. `gameId: JL0118` with `vassalage: JL`) */
  vassalage: opt(ZVendorCode),
  gameCode: opt(ZGameCode),
  gameId: opt(ZGameCode),
  gameType: opt(z.string().max(16)),
  platform: opt(z.string().max(32)),
  clientType: opt(z.coerce.number().int()),
  language: opt(z.string().trim().max(8)),
  merchantCode: opt(z.string().max(32)),
  username: opt(z.string().max(64)),
  webView: opt(z.string().max(8)),
  isCoin: opt(z.string().max(8)),
  confirmTrans: opt(z.string().max(4)),
  roomId: opt(z.string().max(32)),
  /** ignored (PX-PROBLEMS): the game closes back into the site's popup */
  backUrl: opt(z.string().max(500)),
};

export const ZLaunchGameQuery = z.object({
  ...launchParams,
  /** required; checked by the service so that its absence answers the reference's #727 */
  launchMode: opt(z.enum(LAUNCH_MODES)),
  /** 1 real money (default), 0 free trial */
  accountType: z.preprocess(blank, z.coerce.number().int().min(0).max(1).default(1)),
});
export type TLaunchGameQuery = z.input<typeof ZLaunchGameQuery>;

export const ZLaunchTrialQuery = z.object(launchParams);

export const ZLaunchGame = z.object({
  content: z.object({ game_url: z.string() }),
  /** what older clients read (A777) */
  gameUrl: z.string(),
  /** 'real' or 'trial' */
  mode: z.enum(['real', 'trial']),
  nodeId: z.number().int(),
  vendor: z.string(),
  gameCode: z.string(),
});
export type TLaunchGame = z.infer<typeof ZLaunchGame>;

/** Round states the betting record shows (a round open at the vendor is still `unsettled`). */
export const BET_STATUSES = ['unsettled', 'settled', 'cancelled'] as const;
export type TBetStatus = (typeof BET_STATUSES)[number];

export const ZBettingRecordQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  preset: z.enum(DATE_PRESETS).optional(),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd')
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd')
    .optional(),
  gameType: opt(z.enum(GAME_TYPES)),
  vendor: opt(ZVendorCode),
  status: opt(z.enum(BET_STATUSES)),
});
export type TBettingRecordQuery = z.input<typeof ZBettingRecordQuery>;

export const ZBettingRecordRow = z.object({
  vendor: z.string(),
  vendorName: z.string(),
  roundId: z.string(),
  gameCode: z.string().nullable(),
  gameName: z.string(),
  gameType: z.enum(GAME_TYPES).nullable(),
  /** stake (sum of the round's debits, net of rollbacks) */
  betAmount: ZMoney,
  winAmount: ZMoney,
  /** win - bet */
  profit: ZMoney,
  status: z.enum(BET_STATUSES),
  /** yyyy-MM-dd hh:mm:ss, merchant time zone */
  betTime: z.string(),
  settleTime: z.string().nullable(),
});
export type TBettingRecordRow = z.infer<typeof ZBettingRecordRow>;

export const ZBettingRecordPage = z.object({
  list: z.array(ZBettingRecordRow),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
  /** over the whole filter, not just the page */
  summary: z.object({ betAmount: ZMoney, winAmount: ZMoney, profit: ZMoney, rounds: z.number().int() }),
  from: z.string(),
  to: z.string(),
});
export type TBettingRecordPage = z.infer<typeof ZBettingRecordPage>;

export const ZBettingRecordDetailQuery = z.object({
  vendor: ZVendorCode,
  roundId: z.string().trim().min(1).max(128),
});

export const ZBettingRecordDetail = ZBettingRecordRow.extend({
  /** the wallet movements of the round, in order */
  transactions: z.array(
    z.object({
      op: z.enum(['debit', 'credit', 'rollback']),
      txnId: z.string(),
      amount: ZMoney,
      status: z.string(),
      time: z.string(),
    }),
  ),
  /**
   * What the built-in game server recorded for the round (kind, the outcome shown to the player and the
   * provably-fair inputs: serverSeedHash, serverSeed once revealed, clientSeed, nonce); null for other vendors.
   */
  round: z
    .object({
      kind: z.string(),
      mode: z.enum(['real', 'trial']),
      outcome: z.record(z.string(), z.unknown()),
      serverSeedHash: z.string(),
      serverSeed: z.string().nullable(),
      clientSeed: z.string(),
      nonce: z.number().int(),
      verifyUrl: z.string(),
    })
    .nullable(),
});
export type TBettingRecordDetail = z.infer<typeof ZBettingRecordDetail>;

const tags = ['games'];
export const gameLaunchEndpoints = {
  launchGame: defineEndpoint({
    id: 'games.launchGame',
    method: 'GET',
    path: '/wps/game/launchGame',
    modId: 'GAMELO3',
    auth: 'member',
    members: MEMBER_KINDS,
    query: ZLaunchGameQuery,
    response: ZLaunchGame,
    summary: 'Launch a game: real money (accountType 1) or free trial (0); answers the iframe URL',
    tags,
  }),
  launchTrial: defineEndpoint({
    id: 'games.launchTrial',
    method: 'GET',
    path: '/wps/game/launchTrial',
    modId: 'GAMELO3',
    auth: 'optional',
    query: ZLaunchTrialQuery,
    response: ZLaunchGame,
    summary: 'Free-trial launch for anyone (play money, never the wallet)',
    tags,
  }),
  bettingRecord: defineEndpoint({
    id: 'games.bettingRecord',
    method: 'GET',
    path: '/wps/relay/ODSFE2_getBettingRecord',
    modId: 'MEMTRANS3',
    auth: 'member',
    members: MEMBER_KINDS,
    query: ZBettingRecordQuery,
    response: ZBettingRecordPage,
    summary: "The player's rounds (all vendors, from the seamless-wallet journal), filtered and paged",
    tags,
  }),
  bettingRecordDetail: defineEndpoint({
    id: 'games.bettingRecordDetail',
    method: 'GET',
    path: '/wps/relay/ODSFE2_getBettingRecordDetail',
    modId: 'MEMTRANS3',
    auth: 'member',
    members: MEMBER_KINDS,
    query: ZBettingRecordDetailQuery,
    response: ZBettingRecordDetail,
    summary: 'One round: its wallet movements and, for the built-in games, the outcome and fairness inputs',
    tags,
  }),
} as const;

export const GAME_LAUNCH_ERRORS = {
  /** the reference's #727 "system busy" when launchMode is missing; 400, not its 500: a client mistake */
  game_launch_mode_required: {
    status: 400,
    en: 'System busy, please try again later',
    bn: 'সিস্টেম ব্যস্ত, পরে আবার চেষ্টা করুন',
  },
  game_maintenance: {
    status: 409,
    en: 'This game is under maintenance, please try another game',
    bn: 'এই গেমটি রক্ষণাবেক্ষণে আছে, অনুগ্রহ করে অন্য গেম চেষ্টা করুন',
  },
  game_trial_unavailable: {
    status: 409,
    en: 'Free trial is not available for this game',
    bn: 'এই গেমের জন্য ফ্রি ট্রায়াল উপলব্ধ নয়',
  },
  /** the reference's #734 */
  game_previous_unfinished: {
    status: 409,
    en: 'The previous game is not finished yet',
    bn: 'আগের গেমটি এখনও শেষ হয়নি',
  },
} as const;
