import type { TAmount } from '@bp/contract';
import {
  diceDecision,
  slotDecision,
  tableBets,
  tableDecision,
  type Decision,
  type Seeds,
} from '../../games/index.js';
import { formatMerchantTime, merchantDayStart } from '../../platform/time.js';
import type { Prng } from './prng.js';

/**
 * The demo team's history as a plan: who played which built-in game when, with what stake and what
 * the game decided (the real engines on the member's own seed pair, nonce by nonce, free spins played
 * before the next paid spin as the game server does), and the deposits and withdrawals around the
 * sessions. Balances are followed here, so no bet is planned that the member could not cover. The
 * plan is pure data; `write.ts` turns it into rows.
 */

export type HistoryKind = 'slot' | 'baccarat' | 'dragonTiger' | 'dice';

export interface HistoryGame {
  nodeId: number;
  vendor: string;
  gameCode: string;
  kind: HistoryKind;
}

/** How a member plays (money in major units of the currency). */
export interface PlayerStyle {
  /** chance of playing on a given day */
  activity: number;
  /** chance of a second session that day */
  secondSession: number;
  rounds: readonly [number, number];
  stakes: readonly number[];
  kinds: Readonly<Partial<Record<HistoryKind, number>>>;
  deposits: readonly number[];
  /** after a session with more than this on the account, the member may cash part of it out */
  cashOutAbove: number;
}

export interface Bettor {
  id: number;
  username: string;
  style: PlayerStyle;
  /** the member plays only from this instant (registered during the window) */
  from?: Date;
}

export interface PlannedSession {
  memberId: number;
  game: HistoryGame;
  /** the launch (vendor session opened) and the iframe's exchange (game session opened) */
  launchedAt: Date;
  openedAt: Date;
  vendorToken: string;
  sessionToken: string;
  language: 'bn' | 'en';
}

export interface PlannedSeed {
  memberId: number;
  vendor: string;
  serverSeed: string;
  clientSeed: string;
  createdAt: Date;
  /** the next nonce once the history is played: the seed's nonce column */
  nonce: number;
}

export interface PlannedRound {
  id: string;
  session: PlannedSession;
  seed: PlannedSeed;
  nonce: number;
  requestId: string;
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
  /** what the member paid (0 for a free spin) */
  stake: bigint;
  win: bigint;
  walletRoundId: string;
  freeSpin: boolean;
  recordedAt: Date;
  /** the stake's debit (none for a free spin) */
  debitAt: Date | null;
  creditAt: Date;
  settledAt: Date;
}

export interface PlannedBank {
  memberId: number;
  bankName: string;
  accountName: string;
  accountNumber: string;
  createdAt: Date;
}

export interface PlannedDeposit {
  memberId: number;
  orderNo: string;
  reference: string;
  amount: bigint;
  createdAt: Date;
  approvedAt: Date;
}

export interface PlannedWithdrawal {
  memberId: number;
  amount: bigint;
  bank: PlannedBank;
  requestedAt: Date;
  paidAt: Date;
  receivedAt: Date;
}

export interface PlannedFreeSpins {
  memberId: number;
  game: HistoryGame;
  remaining: number;
  bet: bigint;
  walletRoundId: string;
}

export interface HistoryPlan {
  from: Date;
  to: Date;
  sessions: PlannedSession[];
  seeds: PlannedSeed[];
  rounds: PlannedRound[];
  banks: PlannedBank[];
  deposits: PlannedDeposit[];
  withdrawals: PlannedWithdrawal[];
  freeSpins: PlannedFreeSpins[];
  /** each member's last session: shown as the last login */
  lastSeen: Map<number, Date>;
}

/** The share of sessions starting in each merchant-local hour: evenings are busy, nights quiet. */
const HOUR_WEIGHTS: Record<string, number> = {
  '0': 3, '1': 1, '9': 1, '10': 2, '11': 2, '12': 3, '13': 3, '14': 3, '15': 3, '16': 3,
  '17': 4, '18': 5, '19': 6, '20': 8, '21': 9, '22': 8, '23': 5,
}; // prettier-ignore

/** Seconds between two bets of a game, as a player clicks. */
const PACE: Record<HistoryKind, readonly [number, number]> = {
  slot: [4, 9],
  baccarat: [25, 35],
  dragonTiger: [20, 28],
  dice: [2, 5],
};

const BANKS = ['bKash', 'Nagad', 'Dutch-Bangla Bank', 'BRAC Bank'] as const;
const DICE_PLAYS: readonly { target: string; over: boolean }[] = [
  { target: '49.50', over: true },
  { target: '50.50', over: false },
  { target: '66.00', over: false },
  { target: '75.00', over: true },
];

const ms = (seconds: number) => seconds * 1000;
const at = (d: Date, plusMs: number) => new Date(d.getTime() + plusMs);
const minor = (major: number, decimals: number) => BigInt(major) * 10n ** BigInt(decimals);
const money = (v: bigint, decimals: number): TAmount => {
  const unit = 10n ** BigInt(decimals);
  return decimals === 0 ? v.toString() : `${v / unit}.${(v % unit).toString().padStart(decimals, '0')}`;
};

/**
 * Plans `days` merchant days of play ending with the day before `now` (merchant time zone).
 */
export function planHistory(opts: {
  rand: Prng;
  /**
   * draws the identifiers (round and request ids, tokens, order numbers): unique per database row,
   * so copies of the demo merchant (the e2e run's) need their own; the play itself comes from `rand`
   */
  ids?: Prng;
  now: Date;
  timeZone: string;
  days: number;
  decimals: number;
  bettors: readonly Bettor[];
  games: readonly HistoryGame[];
}): HistoryPlan {
  const { rand, timeZone: tz, decimals } = opts;
  const ids = opts.ids ?? rand;
  const from = merchantDayStart(tz, opts.now, -opts.days);
  const to = merchantDayStart(tz, opts.now);
  const plan: HistoryPlan = {
    from,
    to,
    sessions: [],
    seeds: [],
    rounds: [],
    banks: [],
    deposits: [],
    withdrawals: [],
    freeSpins: [],
    lastSeen: new Map(),
  };
  const gamesOf = (kind: HistoryKind) => opts.games.filter((g) => g.kind === kind);

  for (const b of opts.bettors) {
    const s = b.style;
    const kinds = Object.fromEntries(
      Object.entries(s.kinds).filter(([k]) => gamesOf(k as HistoryKind).length > 0),
    ) as Record<HistoryKind, number>;
    if (Object.keys(kinds).length === 0) continue;
    // each member keeps two or three favourite games of each kind it plays
    const favourites = new Map<HistoryKind, HistoryGame[]>();
    for (const k of Object.keys(kinds) as HistoryKind[]) {
      const list = gamesOf(k);
      const start = rand.int(0, list.length - 1);
      favourites.set(
        k,
        Array.from({ length: Math.min(list.length, 3) }, (_, i) => list[(start + i) % list.length]!),
      );
    }
    const seeds = new Map<string, PlannedSeed>();
    const free = new Map<number, PlannedFreeSpins>();
    let balance = 0n;
    let bank: PlannedBank | undefined;
    let busyUntil = b.from ?? from;

    for (let day = 0; day < opts.days; day++) {
      const dayStart = merchantDayStart(tz, from, day);
      // the same play whatever the date the demo is seeded on (only the calendar moves)
      if (!rand.chance(s.activity)) continue;
      const sessions = rand.chance(s.secondSession) ? 2 : 1;
      for (let n = 0; n < sessions; n++) {
        const hour = Number(rand.weighted(HOUR_WEIGHTS));
        let start = at(dayStart, ms(hour * 3600 + rand.int(0, 3599)));
        if (start < busyUntil) start = at(busyUntil, ms(rand.int(1800, 7200)));
        if (start.getTime() > to.getTime() - ms(3600)) break;
        const kind = rand.weighted(kinds);
        const game = rand.pick(favourites.get(kind)!);
        const stakeMajor = rand.pick(s.stakes);
        const stake = minor(stakeMajor, decimals);

        // money first: a bank deposit the operator approved shortly before the session
        if (balance < stake * 5n) {
          const amount = minor(rand.pick(s.deposits), decimals);
          const createdAt = at(start, -ms(rand.int(600, 1800)));
          plan.deposits.push({
            memberId: b.id,
            orderNo: `D${formatMerchantTime(createdAt, 'UTC').slice(0, 10).replaceAll('-', '')}${ids.hex(6).toUpperCase()}`,
            reference: `TRX${ids.int(10_000_000, 99_999_999)}`,
            amount,
            createdAt,
            approvedAt: at(createdAt, ms(rand.int(120, 480))),
          });
          balance += amount;
        }

        const launchedAt = start;
        const session: PlannedSession = {
          memberId: b.id,
          game,
          launchedAt,
          openedAt: at(launchedAt, rand.int(400, 1500)),
          vendorToken: ids.base64url(24),
          sessionToken: ids.base64url(24),
          language: rand.chance(0.7) ? 'bn' : 'en',
        };
        plan.sessions.push(session);
        const seedKey = game.vendor;
        let seed = seeds.get(seedKey);
        if (!seed) {
          seed = {
            memberId: b.id,
            vendor: game.vendor,
            serverSeed: rand.hex(32),
            clientSeed: rand.hex(8),
            createdAt: session.openedAt,
            nonce: 0,
          };
          seeds.set(seedKey, seed);
          plan.seeds.push(seed);
        }

        let t = at(session.openedAt, ms(rand.int(3, 12)));
        const clicks = rand.int(s.rounds[0], s.rounds[1]);
        for (let c = 0; c < clicks; c++) {
          if (t.getTime() > to.getTime() - ms(60)) break;
          const fs = game.kind === 'slot' ? free.get(game.nodeId) : undefined;
          const isFree = !!fs && fs.remaining > 0;
          let decide: (seeds: Seeds, bet: { stake: bigint; free: boolean }) => Decision;
          let paid: bigint;
          if (game.kind === 'slot') {
            decide = slotDecision(game.gameCode);
            paid = isFree ? 0n : stake;
          } else if (game.kind === 'dice') {
            const d = rand.pick(DICE_PLAYS);
            decide = diceDecision(Math.round(Number(d.target) * 100), d.over);
            paid = stake;
          } else {
            const sides = game.kind === 'baccarat' ? ['banker', 'player'] : ['dragon', 'tiger'];
            const bets: Record<string, TAmount> = { [rand.pick(sides)]: money(stake, decimals) };
            if (rand.chance(0.15))
              bets.tie = money(minor(Math.max(1, Math.floor(stakeMajor / 10)), decimals), decimals);
            const checked = tableBets(game.kind, bets, decimals);
            decide = tableDecision(game.kind, checked.bets);
            paid = checked.total;
          }
          if (balance < paid) break;
          const betStake = isFree ? fs!.bet : paid;
          const d = decide(
            { serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nonce },
            { stake: betStake, free: isFree },
          );
          const id = `gs${ids.hex(12)}`;
          const walletRoundId = isFree ? fs!.walletRoundId : id;
          if (isFree) fs!.remaining--;
          const round: PlannedRound = {
            id,
            session,
            seed,
            nonce: seed.nonce,
            requestId: ids.hex(12),
            params: d.params,
            outcome: {
              ...d.outcome,
              ...(d.freeSpinsAwarded ? { freeSpinsAwarded: d.freeSpinsAwarded } : {}),
            },
            stake: paid,
            win: d.win,
            walletRoundId,
            freeSpin: isFree,
            recordedAt: t,
            debitAt: isFree ? null : at(t, rand.int(8, 25)),
            creditAt: at(t, rand.int(30, 60)),
            settledAt: at(t, rand.int(65, 90)),
          };
          seed.nonce++;
          plan.rounds.push(round);
          balance += d.win - paid;
          if (d.freeSpinsAwarded) {
            // awardFreeSpins: a paid spin's award plays at its stake, a free spin's adds to the same
            const cur = free.get(game.nodeId);
            const next: PlannedFreeSpins = {
              memberId: b.id,
              game,
              remaining: (cur?.remaining ?? 0) + d.freeSpinsAwarded,
              bet: isFree ? (cur?.bet ?? paid) : paid,
              walletRoundId,
            };
            if (!cur) plan.freeSpins.push(next);
            else Object.assign(cur, next);
            free.set(game.nodeId, cur ?? next);
            // the player spins the awarded ones before leaving
            c -= d.freeSpinsAwarded;
          }
          t = at(round.settledAt, ms(rand.int(PACE[game.kind][0], PACE[game.kind][1])));
        }
        busyUntil = t;
        plan.lastSeen.set(b.id, session.launchedAt);

        // cashing out part of a good session's balance: requested, paid out, received
        const above = minor(s.cashOutAbove, decimals);
        const unit = minor(100, decimals);
        if (balance > above && rand.chance(0.6)) {
          const amount = ((balance * 6n) / 10n / unit) * unit;
          const cap = minor(50_000, decimals);
          const requestedAt = at(t, ms(rand.int(30, 300)));
          if (!bank) {
            bank = {
              memberId: b.id,
              bankName: rand.pick(BANKS),
              accountName: b.username,
              accountNumber: `01${ids.int(300_000_000, 999_999_999)}`,
              createdAt: at(requestedAt, -ms(rand.int(20, 90))),
            };
            plan.banks.push(bank);
          }
          const paidAt = at(requestedAt, ms(rand.int(600, 3000)));
          plan.withdrawals.push({
            memberId: b.id,
            amount: amount > cap ? cap : amount,
            bank,
            requestedAt,
            paidAt,
            receivedAt: at(paidAt, ms(30 * 60 + rand.int(5, 50))),
          });
          balance -= amount > cap ? cap : amount;
          busyUntil = paidAt;
        }
      }
    }
  }
  return plan;
}
