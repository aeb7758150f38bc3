import { fairRng, type FairSeeds, type Rng } from './rng.js';

/**
 * Ticket games of the promotions (issue 16): a prize wheel, a golden egg and a red envelope. Each is
 * one weighted draw over a table of prizes; the games differ only in how the site shows the draw (the
 * wheel stops on segment `index`, the egg cracks, the envelope opens). The draw is provably fair like a
 * game round: one `int(total weight)` from fairRng(seeds) (HMAC-SHA256(server seed, client seed:nonce:0),
 * rejection-sampled, so no modulo bias), then the prize whose cumulative weight range holds that roll.
 */

export const TICKET_GAMES = ['wheel', 'egg', 'envelope'] as const;
export type TicketGame = (typeof TICKET_GAMES)[number];

/**
 * cash and bonus amounts are minor units of the member's currency; points and freeSpins amounts are
 * counts (points, spins); nothing has amount 0.
 */
export const TICKET_PRIZE_KINDS = ['cash', 'bonus', 'points', 'freeSpins', 'nothing'] as const;
export type TicketPrizeKind = (typeof TICKET_PRIZE_KINDS)[number];

export const TICKET_LIMITS = {
  minPrizes: 2,
  /** a wheel with more segments than this cannot be read on a phone */
  maxPrizes: 24,
  /** 1 in a billion is odds enough; it also keeps int(total) well inside its 2^32 range */
  maxTotalWeight: 1_000_000_000,
  /** the ledger's bound on a single amount (the same as toMinor's) */
  maxAmount: 9_000_000_000_000_000n,
  maxLabelLength: 40,
} as const;

export interface TicketPrize {
  kind: TicketPrizeKind;
  /** integer minor units (cash, bonus) or a count (points, freeSpins); decimal text when it comes from JSON */
  amount: bigint | string;
  /** positive integer: P(prize) = weight / sum of weights */
  weight: number;
  /** what the wheel segment or card says, when the operator names it */
  label?: string;
  /**
   * freeSpins only: the stake of each spin (integer minor units) and the built-in slot they are played
   * on. Not part of the draw (which reads weights only); the server pays the prize with them.
   */
  spins?: TicketSpins;
}

export interface TicketSpins {
  stake: bigint | string;
  vendor: string;
  gameCode: string;
}

export interface TicketConfig {
  game: TicketGame;
  /** in display order (the wheel's segments clockwise); the draw's `index` points into this list */
  prizes: TicketPrize[];
}

/** A drawn ticket, JSON-safe (amount as decimal text) so it can be stored and compared as recorded. */
export interface TicketDraw {
  game: TicketGame;
  /** the prize's position in the configuration */
  index: number;
  kind: TicketPrizeKind;
  /** decimal text of the amount: BigInt(draw.amount) for the ledger */
  amount: string;
  /** the uniform draw in [0, totalWeight) that picked the prize */
  roll: number;
  totalWeight: number;
  label?: string;
}

export class TicketConfigError extends RangeError {
  constructor(readonly problems: string[]) {
    super(`invalid ticket configuration: ${problems.join('; ')}`);
    this.name = 'TicketConfigError';
  }
}

const AMOUNT_TEXT = /^(0|[1-9]\d{0,18})$/;

function amountOf(v: unknown): bigint | null {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'string' && AMOUNT_TEXT.test(v)) return BigInt(v);
  return null;
}

/**
 * Everything wrong with a configuration, in words (empty when valid). The same rules as the contract's
 * ZTicketConfig, kept here too because the engine must refuse a bad table whoever calls it.
 */
export function ticketConfigProblems(input: unknown): string[] {
  const problems: string[] = [];
  if (!input || typeof input !== 'object') return ['configuration must be an object'];
  const c = input as Record<string, unknown>;
  if (!TICKET_GAMES.includes(c.game as TicketGame))
    problems.push(`game must be one of ${TICKET_GAMES.join(', ')}`);
  if (!Array.isArray(c.prizes)) return [...problems, 'prizes must be a list'];
  const prizes = c.prizes as unknown[];
  if (prizes.length < TICKET_LIMITS.minPrizes || prizes.length > TICKET_LIMITS.maxPrizes) {
    problems.push(`prizes must number ${TICKET_LIMITS.minPrizes} to ${TICKET_LIMITS.maxPrizes}`);
  }
  let total = 0;
  prizes.forEach((raw, i) => {
    const at = `prizes[${i}]`;
    if (!raw || typeof raw !== 'object') {
      problems.push(`${at} must be an object`);
      return;
    }
    const p = raw as Record<string, unknown>;
    const kindOk = TICKET_PRIZE_KINDS.includes(p.kind as TicketPrizeKind);
    if (!kindOk) problems.push(`${at}.kind must be one of ${TICKET_PRIZE_KINDS.join(', ')}`);
    const amount = amountOf(p.amount);
    if (amount === null || amount < 0n || amount > TICKET_LIMITS.maxAmount) {
      problems.push(`${at}.amount must be a whole number of minor units, 0 to ${TICKET_LIMITS.maxAmount}`);
    } else if (kindOk && p.kind === 'nothing' && amount !== 0n) {
      problems.push(`${at}.amount must be 0 for nothing`);
    } else if (kindOk && p.kind !== 'nothing' && amount === 0n) {
      problems.push(`${at}.amount must be positive for ${String(p.kind)}`);
    }
    if (typeof p.weight !== 'number' || !Number.isSafeInteger(p.weight) || p.weight < 1) {
      problems.push(`${at}.weight must be a positive integer`);
    } else {
      total += p.weight;
    }
    if (
      p.label !== undefined &&
      (typeof p.label !== 'string' || p.label.length > TICKET_LIMITS.maxLabelLength)
    ) {
      problems.push(`${at}.label must be text of at most ${TICKET_LIMITS.maxLabelLength} characters`);
    }
    if (p.spins !== undefined) problems.push(...spinsProblems(`${at}.spins`, p.kind, p.spins));
    else if (p.kind === 'freeSpins') problems.push(`${at}.spins must say each spin's stake and the slot`);
  });
  if (total > TICKET_LIMITS.maxTotalWeight) {
    problems.push(`the weights must add up to at most ${TICKET_LIMITS.maxTotalWeight}`);
  }
  return problems;
}

const text = (v: unknown, max: number) => typeof v === 'string' && v.trim().length > 0 && v.length <= max;

/** A prize's spins: only on a freeSpins prize, with a positive stake and a slot named. */
function spinsProblems(at: string, kind: unknown, raw: unknown): string[] {
  if (kind !== 'freeSpins') return [`${at} belong to a freeSpins prize only`];
  if (!raw || typeof raw !== 'object') return [`${at} must be an object`];
  const s = raw as Record<string, unknown>;
  const problems: string[] = [];
  const stake = amountOf(s.stake);
  if (stake === null || stake <= 0n || stake > TICKET_LIMITS.maxAmount) {
    problems.push(`${at}.stake must be a positive whole number of minor units`);
  }
  if (!text(s.vendor, 32)) problems.push(`${at}.vendor must be a vendor code`);
  if (!text(s.gameCode, 64)) problems.push(`${at}.gameCode must be a game code`);
  return problems;
}

/** The configuration checked and copied (amounts as bigint); throws TicketConfigError. */
export function parseTicketConfig(input: unknown): TicketConfig {
  const problems = ticketConfigProblems(input);
  if (problems.length > 0) throw new TicketConfigError(problems);
  const c = input as TicketConfig;
  return {
    game: c.game,
    prizes: c.prizes.map((p) => ({
      kind: p.kind,
      amount: BigInt(p.amount),
      weight: p.weight,
      ...(p.label !== undefined ? { label: p.label } : {}),
      ...(p.spins !== undefined
        ? { spins: { stake: BigInt(p.spins.stake), vendor: p.spins.vendor, gameCode: p.spins.gameCode } }
        : {}),
    })),
  };
}

/** The configuration as JSON-safe data (amounts as decimal text), e.g. for a jsonb column or a link. */
export function ticketConfigJson(config: TicketConfig): TicketConfig {
  const c = parseTicketConfig(config);
  return {
    game: c.game,
    prizes: c.prizes.map((p) => ({
      ...p,
      amount: String(p.amount),
      ...(p.spins ? { spins: { ...p.spins, stake: String(p.spins.stake) } } : {}),
    })),
  };
}

/** A checked configuration with its cumulative weights, to draw many times from one table. */
export interface TicketTable {
  config: TicketConfig;
  /** cumulative[i] = weights of prizes 0..i; the last is the total */
  cumulative: number[];
  totalWeight: number;
}

/** Checks the configuration (TicketConfigError) and lays out its cumulative weights. */
export function ticketTable(config: TicketConfig): TicketTable {
  const c = parseTicketConfig(config);
  let acc = 0;
  const cumulative = c.prizes.map((p) => (acc += p.weight));
  return { config: c, cumulative, totalWeight: acc };
}

/**
 * One draw: `int(total weight)`, then the first prize whose cumulative weight exceeds the roll. int
 * rejects the top partial range of 2^32, so every roll, hence every unit of weight, is equally likely.
 */
export function drawFromTable(table: TicketTable, rng: Rng): TicketDraw {
  const roll = rng.int(table.totalWeight);
  let index = 0;
  while (roll >= table.cumulative[index]!) index += 1;
  const p = table.config.prizes[index]!;
  return {
    game: table.config.game,
    index,
    kind: p.kind,
    amount: String(p.amount),
    roll,
    totalWeight: table.totalWeight,
    ...(p.label !== undefined ? { label: p.label } : {}),
  };
}

/** One draw from a configuration (checked first): the engine call every path goes through. */
export function drawTicket(config: TicketConfig, rng: Rng): TicketDraw {
  return drawFromTable(ticketTable(config), rng);
}

/** The server's draw for a ticket, from the member's seed pair and the ticket's nonce. */
export function drawTicketFair(seeds: FairSeeds, config: TicketConfig): TicketDraw {
  return drawTicket(config, fairRng(seeds));
}

/**
 * Recomputes a drawn ticket from its revealed server seed, client seed and nonce (the verification
 * page, or anyone with the seeds): the same draw the server made, field for field.
 */
export function verifyTicketDraw(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  config: TicketConfig,
): TicketDraw {
  return drawTicketFair({ serverSeed, clientSeed, nonce }, config);
}

/** Each prize's exact probability (weight / total), in configuration order. */
export function ticketOdds(config: TicketConfig): number[] {
  const t = ticketTable(config);
  return t.config.prizes.map((p) => p.weight / t.totalWeight);
}

/**
 * What one ticket gives on average, per prize kind (minor units for cash and bonus, counts for points
 * and free spins): the operator's cost of a ticket. Exact up to float rounding of the mean.
 */
export function ticketExpectedValue(
  config: TicketConfig,
): Record<Exclude<TicketPrizeKind, 'nothing'>, number> {
  const c = parseTicketConfig(config);
  const total = c.prizes.reduce((s, p) => s + p.weight, 0);
  const ev = { cash: 0, bonus: 0, points: 0, freeSpins: 0 };
  for (const p of c.prizes) if (p.kind !== 'nothing') ev[p.kind] += (Number(p.amount) * p.weight) / total;
  return ev;
}

/**
 * The verification page's address for a drawn ticket (`/gs/verify/`, the games' page): the seeds and
 * the configuration travel in the query, so the page recomputes the draw with this same code and
 * compares it with the recorded one. The server seed goes in only once it is revealed.
 */
export function ticketVerifyHref(t: {
  config: TicketConfig;
  draw: TicketDraw;
  serverSeedHash: string;
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
  lang?: string;
}): string {
  const q = new URLSearchParams({
    kind: 'ticket',
    serverSeedHash: t.serverSeedHash,
    ...(t.serverSeed ? { serverSeed: t.serverSeed } : {}),
    clientSeed: t.clientSeed,
    nonce: String(t.nonce),
    params: JSON.stringify(ticketConfigJson(t.config)),
    outcome: JSON.stringify(t.draw),
    ...(t.lang ? { lang: t.lang } : {}),
  });
  return `/gs/verify/?${q.toString()}`;
}

/** The slot the demo tables' free spins name (the server checks an operator's against its catalogue). */
const DEMO_SPINS_SLOT = { vendor: 'BP', gameCode: 'slot-fruit-classic' } as const;

/**
 * Demo tables, one per game (what `npm start` seeds; operators write their own). Amounts are minor units
 * of a two-decimal currency: 1000 = 10.00.
 */
export const TICKET_DEMO_CONFIGS: Record<TicketGame, TicketConfig> = {
  wheel: {
    game: 'wheel',
    prizes: [
      { kind: 'cash', amount: '1000', weight: 25, label: '10' },
      { kind: 'points', amount: '50', weight: 20, label: '50 pts' },
      { kind: 'bonus', amount: '2000', weight: 18, label: '20 bonus' },
      { kind: 'nothing', amount: '0', weight: 16, label: 'Try again' },
      {
        kind: 'freeSpins',
        amount: '5',
        weight: 10,
        label: '5 spins',
        spins: { stake: '1000', vendor: DEMO_SPINS_SLOT.vendor, gameCode: DEMO_SPINS_SLOT.gameCode },
      },
      { kind: 'cash', amount: '5000', weight: 6, label: '50' },
      { kind: 'bonus', amount: '10000', weight: 4, label: '100 bonus' },
      { kind: 'cash', amount: '50000', weight: 1, label: '500' },
    ],
  },
  egg: {
    game: 'egg',
    prizes: [
      { kind: 'points', amount: '20', weight: 50 },
      { kind: 'cash', amount: '500', weight: 30 },
      {
        kind: 'freeSpins',
        amount: '10',
        weight: 15,
        spins: { stake: '500', vendor: DEMO_SPINS_SLOT.vendor, gameCode: DEMO_SPINS_SLOT.gameCode },
      },
      { kind: 'cash', amount: '8800', weight: 5 },
    ],
  },
  envelope: {
    game: 'envelope',
    prizes: [
      { kind: 'cash', amount: '188', weight: 400 },
      { kind: 'cash', amount: '588', weight: 300 },
      { kind: 'cash', amount: '888', weight: 200 },
      { kind: 'bonus', amount: '1888', weight: 90 },
      { kind: 'cash', amount: '8888', weight: 9 },
      { kind: 'cash', amount: '88888', weight: 1 },
    ],
  },
};
