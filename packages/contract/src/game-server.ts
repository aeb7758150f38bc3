import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ZAmount, ZMoney } from './money.js';

/**
 * The built-in game server's own API (DESIGN "Games and vendors": a vendor like any other). The game
 * iframe (`/gs/play/?t=<launch token>&lang=bn`) exchanges its single-use, short-lived launch token for
 * a game session once (`POST /gs/api/session`) and then sends that session in the
 * `X-Game-Session` header. Real-money rounds settle only through the seamless-wallet callbacks over
 * HTTP (`/vendor/<code>/wallet/debit|credit|rollback`, HMAC-signed with the vendor's secret); trial
 * rounds move play money held by the game server and never reach the wallet.
 *
 * Provably fair (DOMAIN-NOTES §4): each player has a seed pair per vendor; the SHA-256 of the server
 * seed is shown before play, rotating reveals the seed, the client seed is the player's to change,
 * the nonce counts bets. `GET /gs/api/fair/rounds/:roundId` gives what the verification page
 * (`/gs/verify/?round=<id>`) needs to recompute a round in the browser with `@bp/games`.
 */

export const GAME_SESSION_HEADER = 'x-game-session';
export const GAME_KINDS = ['slot', 'crash', 'baccarat', 'dragonTiger', 'dice'] as const;
export type TGameKind = (typeof GAME_KINDS)[number];
/** launch tokens live this long and work once */
export const LAUNCH_TOKEN_TTL_MS = 60_000;

const ZRequestId = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const ZFairness = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** the nonce the next bet will use */
  nonce: z.number().int(),
});
export type TFairness = z.infer<typeof ZFairness>;

export const ZSlotSymbol = z.object({
  id: z.string(),
  /** pays for 3, 4, 5 of a kind on a line, in multiples of the line bet (scatter: of the total bet) */
  pays: z.array(z.number()),
  wild: z.boolean().optional(),
  scatter: z.boolean().optional(),
});
export const ZSlotConfig = z.object({
  id: z.string(),
  theme: z.string(),
  reels: z.number().int(),
  rows: z.number().int(),
  symbols: z.array(ZSlotSymbol),
  /** each line: the row index on each reel */
  lines: z.array(z.array(z.number().int())),
  freeSpins: z.object({ triggerCount: z.number().int(), count: z.number().int(), multiplier: z.number() }),
  /** exact return to player of the configuration, in percent */
  rtp: z.string(),
});
export type TSlotConfig = z.infer<typeof ZSlotConfig>;

export const ZGameSession = z.object({
  sessionToken: z.string(),
  mode: z.enum(['real', 'trial']),
  kind: z.enum(GAME_KINDS),
  vendor: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  language: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  balance: ZMoney,
  /** the stakes the UI offers; the server accepts any stake between the first and the last */
  betLevels: z.array(ZMoney),
  /** kind-specific set-up: the slot's configuration, the table's payouts, the dice's limits */
  config: z.record(z.string(), z.unknown()),
  fairness: ZFairness,
});
export type TGameSession = z.infer<typeof ZGameSession>;

const ZRound = {
  roundId: z.string(),
  nonce: z.number().int(),
  bet: ZMoney,
  win: ZMoney,
  balance: ZMoney,
};

export const ZSlotSpinRequest = z.object({ bet: ZAmount, requestId: ZRequestId });
export const ZSlotSpin = z.object({
  ...ZRound,
  /** symbol ids, [reel][row] */
  window: z.array(z.array(z.string())),
  stops: z.array(z.number().int()),
  lineWins: z.array(
    z.object({ line: z.number().int(), symbol: z.string(), count: z.number().int(), win: ZMoney }),
  ),
  scatterWin: ZMoney,
  /** free spins: awarded by this spin, still to play, and whether this spin was one */
  freeSpins: z.object({ awarded: z.number().int(), remaining: z.number().int(), isFree: z.boolean() }),
});
export type TSlotSpin = z.infer<typeof ZSlotSpin>;

/** baccarat: player, banker, tie, playerPair, bankerPair; dragon tiger: dragon, tiger, tie, suitedTie */
export const ZTableBetRequest = z.object({
  bets: z.record(z.string().regex(/^[A-Za-z]{2,16}$/), ZAmount),
  requestId: ZRequestId,
});
export const ZCard = z.object({ rank: z.number().int().min(1).max(13), suit: z.enum(['S', 'H', 'D', 'C']) });
export const ZTableRound = z.object({
  ...ZRound,
  /** baccarat: player/banker hands; dragon tiger: one card each */
  hands: z.record(z.string(), z.array(ZCard)),
  totals: z.record(z.string(), z.number().int()),
  result: z.string(),
  payouts: z.record(z.string(), ZMoney),
});
export type TTableRound = z.infer<typeof ZTableRound>;

export const ZDiceRequest = z.object({
  bet: ZAmount,
  /** 0.01..99.98, two decimals */
  target: z.union([z.string(), z.number()]),
  over: z.boolean(),
  requestId: ZRequestId,
});
export const ZDiceRound = z.object({
  ...ZRound,
  /** 0.00..99.99 */
  roll: z.string(),
  target: z.string(),
  over: z.boolean(),
  multiplier: z.string(),
});
export type TDiceRound = z.infer<typeof ZDiceRound>;

export const ZCrashPhase = z.enum(['betting', 'running', 'crashed']);
export const ZCrashState = z.object({
  roundId: z.string(),
  phase: ZCrashPhase,
  /** ms epoch: betting closes / the multiplier starts rising */
  startsAt: z.number(),
  /** server clock, so the client can offset its own */
  now: z.number(),
  /** multiplier = e^(growth * elapsed ms), floored to 2 decimals; shown while running */
  growth: z.number(),
  multiplier: z.string(),
  /** once crashed: the point and the hash of the chain that decided it */
  crashPoint: z.string().nullable(),
  hash: z.string().nullable(),
  /** the hash the chain's next rounds must lead to (the terminating hash published in advance) */
  chainCommitment: z.string(),
  myBet: z
    .object({
      bet: ZMoney,
      autoCashout: z.string().nullable(),
      cashedOutAt: z.string().nullable(),
      win: ZMoney,
    })
    .nullable(),
  players: z.array(z.object({ name: z.string(), bet: ZMoney, cashedOutAt: z.string().nullable() })),
  history: z.array(z.object({ roundId: z.string(), crashPoint: z.string(), hash: z.string() })),
  balance: ZMoney,
});
export type TCrashState = z.infer<typeof ZCrashState>;
export const ZCrashBetRequest = z.object({
  bet: ZAmount,
  autoCashout: z.union([z.string(), z.number()]).optional(),
  requestId: ZRequestId,
});

export const ZRotateSeed = z.object({
  previous: z.object({
    serverSeed: z.string(),
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    nonce: z.number().int(),
  }),
  current: ZFairness,
});

export const ZFairRound = z.object({
  roundId: z.string(),
  kind: z.enum(GAME_KINDS),
  gameCode: z.string(),
  /** the slot configuration id etc., whatever the recomputation needs besides the seeds */
  params: z.record(z.string(), z.unknown()),
  serverSeedHash: z.string(),
  /** null until the player rotates the seed */
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  outcome: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type TFairRound = z.infer<typeof ZFairRound>;

export const ZGameHistory = z.object({
  list: z.array(
    z.object({ roundId: z.string(), bet: ZMoney, win: ZMoney, summary: z.string(), time: z.string() }),
  ),
});

const tags = ['game-server'];
const post = <B extends z.ZodType, R extends z.ZodType>(
  id: string,
  path: string,
  body: B,
  response: R,
  summary: string,
) => defineEndpoint({ id: `gs.${id}`, method: 'POST', path, auth: 'none', body, response, summary, tags });
const get = <R extends z.ZodType>(id: string, path: string, response: R, summary: string) =>
  defineEndpoint({ id: `gs.${id}`, method: 'GET', path, auth: 'none', response, summary, tags });

export const gameServerEndpoints = {
  session: post(
    'session',
    '/gs/api/session',
    z.object({ launchToken: z.string().min(16).max(128) }),
    ZGameSession,
    'Exchange the single-use launch token for a game session',
  ),
  balance: get('balance', '/gs/api/balance', z.object({ balance: ZMoney }), 'Balance as the game sees it'),
  spin: post(
    'spin',
    '/gs/api/slot/spin',
    ZSlotSpinRequest,
    ZSlotSpin,
    'One slot spin (free spins cost nothing)',
  ),
  tableBet: post(
    'tableBet',
    '/gs/api/table/bet',
    ZTableBetRequest,
    ZTableRound,
    'One baccarat or dragon tiger hand',
  ),
  dice: post(
    'dice',
    '/gs/api/dice/roll',
    ZDiceRequest,
    ZDiceRound,
    'One dice roll, over or under the target',
  ),
  crashState: get('crashState', '/gs/api/crash/state', ZCrashState, 'The shared crash round as it stands'),
  crashBet: post('crashBet', '/gs/api/crash/bet', ZCrashBetRequest, ZCrashState, 'Join the next crash round'),
  crashCashout: post(
    'crashCashout',
    '/gs/api/crash/cashout',
    z.object({}),
    ZCrashState,
    'Cash out at the current multiplier',
  ),
  fairness: get('fairness', '/gs/api/fair', ZFairness, 'Current seed pair (hash only) and nonce'),
  clientSeed: post(
    'clientSeed',
    '/gs/api/fair/client-seed',
    z.object({
      clientSeed: z
        .string()
        .trim()
        .min(1)
        .max(64)
        .regex(/^[\x21-\x7e]+$/),
    }),
    ZFairness,
    'Change the client seed (the nonce starts again with a new seed pair)',
  ),
  rotate: post(
    'rotate',
    '/gs/api/fair/rotate',
    z.object({}),
    ZRotateSeed,
    'Reveal the server seed and start a new one',
  ),
  fairRound: defineEndpoint({
    id: 'gs.fairRound',
    method: 'GET',
    path: '/gs/api/fair/rounds/:roundId',
    auth: 'none',
    params: z.object({ roundId: z.string().min(8).max(64) }),
    response: ZFairRound,
    summary: 'What the verification page needs to recompute one round',
    tags,
  }),
  history: get('history', '/gs/api/history', ZGameHistory, "The session player's latest rounds of this game"),
} as const;

export const GAME_SERVER_ERRORS = {
  game_session_invalid: {
    status: 401,
    en: 'The game session has ended, please open the game again',
    bn: 'গেম সেশন শেষ হয়েছে, অনুগ্রহ করে আবার গেমটি খুলুন',
  },
  game_launch_token_invalid: {
    status: 401,
    en: 'This game link has expired, please open the game again',
    bn: 'এই গেম লিঙ্কের মেয়াদ শেষ, অনুগ্রহ করে আবার গেমটি খুলুন',
  },
  game_bet_invalid: { status: 422, en: 'This bet is not allowed', bn: 'এই বাজি অনুমোদিত নয়' },
  game_insufficient_balance: { status: 409, en: 'Insufficient balance', bn: 'অপর্যাপ্ত ব্যালেন্স' },
  game_bonus_max_bet: {
    status: 409,
    en: 'This stake is above the maximum bet allowed while your bonus is being wagered',
    bn: 'বোনাস বাজি চলাকালীন এই বাজি সর্বোচ্চ অনুমোদিত বাজির চেয়ে বেশি',
  },
  game_round_closed: { status: 409, en: 'Betting is closed for this round', bn: 'এই রাউন্ডে বাজি বন্ধ' },
  game_wallet_unavailable: {
    status: 503,
    en: 'The wallet did not answer, your bet was not placed',
    bn: 'ওয়ালেট সাড়া দেয়নি, আপনার বাজি গ্রহণ করা হয়নি',
  },
} as const;
