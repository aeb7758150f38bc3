import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { replayRound } from './replay.js';
import { fairRng, newServerSeed, seededRng } from './rng.js';
import { pct, scriptedRng, thousands } from './test-helpers.js';
import {
  drawFromTable,
  drawTicket,
  drawTicketFair,
  parseTicketConfig,
  TICKET_DEMO_CONFIGS,
  TICKET_GAMES,
  TICKET_LIMITS,
  TicketConfigError,
  ticketConfigJson,
  ticketConfigProblems,
  ticketExpectedValue,
  ticketOdds,
  ticketTable,
  ticketVerifyHref,
  verifyTicketDraw,
  type TicketConfig,
} from './tickets.js';

const seeds = {
  serverSeed: 'a7f1c1d2e3b4a5968778695a4b3c2d1e0f1a2b3c4d5e6f708192a3b4c5d6e7f8',
  clientSeed: 'player-seed',
  nonce: 7,
};

const wheel = TICKET_DEMO_CONFIGS.wheel;

/** the uint32 stream of one draw computed independently with node:crypto, as a verifier would */
function nodeStream(s: typeof seeds, count: number): number[] {
  const out: number[] = [];
  for (let r = 0; out.length < count; r += 1) {
    const block = createHmac('sha256', s.serverSeed).update(`${s.clientSeed}:${s.nonce}:${r}`).digest();
    for (let i = 0; i < 32 && out.length < count; i += 4) out.push(block.readUInt32BE(i));
  }
  return out;
}

/** the prize index a roll falls on, by cumulative weights written out plainly */
function indexOfRoll(config: TicketConfig, roll: number): number {
  let acc = 0;
  for (let i = 0; i < config.prizes.length; i += 1) {
    acc += config.prizes[i]!.weight;
    if (roll < acc) return i;
  }
  throw new Error('roll outside the table');
}

/**
 * Upper critical value of chi-square with df degrees of freedom at P = 0.001 (Wilson-Hilferty; within
 * 1% of the tables for df >= 3, a little conservative below).
 */
function chi2Critical001(df: number): number {
  const z = 3.0902;
  const a = 2 / (9 * df);
  return df * (1 - a + z * Math.sqrt(a)) ** 3;
}

describe('ticket draws are provably fair', () => {
  it('the draw is int(total weight) of the HMAC-SHA256 stream, mapped onto cumulative weights', () => {
    const total = wheel.prizes.reduce((s, p) => s + p.weight, 0);
    const u = nodeStream(seeds, 1)[0]!;
    // the first uint32 is accepted unless it falls in the top partial range of 2^32
    expect(u).toBeLessThan(2 ** 32 - (2 ** 32 % total));
    const draw = drawTicketFair(seeds, wheel);
    expect(draw.roll).toBe(u % total);
    expect(draw.index).toBe(indexOfRoll(wheel, draw.roll));
    expect(draw).toEqual({
      game: 'wheel',
      index: draw.index,
      kind: wheel.prizes[draw.index]!.kind,
      amount: String(wheel.prizes[draw.index]!.amount),
      roll: u % total,
      totalWeight: total,
      label: wheel.prizes[draw.index]!.label,
    });
    // the published vector (what the verification page's test checks against)
    expect({ roll: draw.roll, index: draw.index }).toEqual({ roll: 58, index: 2 });
  });

  it('a roll in the rejected top range of 2^32 is thrown away and the next one used (no modulo bias)', () => {
    // total 10^9 rejects 2^32 mod 10^9 = 294,967,296 of the 2^32 values: about 1 draw in 15
    const big: TicketConfig = {
      game: 'envelope',
      prizes: [
        { kind: 'cash', amount: '100', weight: 294_967_296 },
        { kind: 'nothing', amount: '0', weight: 705_032_704 },
      ],
    };
    const limit = 2 ** 32 - (2 ** 32 % 1e9);
    let nonce = 0;
    while (nodeStream({ ...seeds, nonce }, 1)[0]! < limit) nonce += 1;
    const [first, second] = nodeStream({ ...seeds, nonce }, 2) as [number, number];
    expect(first).toBeGreaterThanOrEqual(limit);
    expect(second).toBeLessThan(limit); // true for this vector; else the draw would go on to the third
    const draw = verifyTicketDraw(seeds.serverSeed, seeds.clientSeed, nonce, big);
    expect(draw.roll).toBe(second % 1e9);

    // with u mod 10^9 the first prize would come up 5/4 as often: 34.34% instead of 29.50%
    const rng = seededRng(16);
    const n = 100_000;
    let firsts = 0;
    const table = ticketTable(big);
    for (let i = 0; i < n; i += 1) if (drawFromTable(table, rng).index === 0) firsts += 1;
    const p = 0.294967296;
    expect(Math.abs(firsts / n - p)).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / n));
  });

  it('maps rolls onto the weights at every boundary', () => {
    const c: TicketConfig = {
      game: 'egg',
      prizes: [
        { kind: 'cash', amount: 100n, weight: 1 },
        { kind: 'points', amount: 5n, weight: 2 },
        { kind: 'nothing', amount: 0n, weight: 3 },
      ],
    };
    const rolls = [0, 1, 2, 3, 4, 5];
    const indices = rolls.map((r) => drawTicket(c, scriptedRng([r])).index);
    expect(indices).toEqual([0, 1, 1, 2, 2, 2]);
    expect(() => drawTicket(c, scriptedRng([6]))).toThrow(); // int(6) never answers 6
  });

  it('is deterministic: verifyTicketDraw, replayRound and a JSON round trip give the same draw', () => {
    const serverSeed = newServerSeed();
    for (const game of TICKET_GAMES) {
      const config = TICKET_DEMO_CONFIGS[game];
      const asBigint = parseTicketConfig(config);
      const asJson = JSON.parse(JSON.stringify(ticketConfigJson(config))) as TicketConfig;
      for (let nonce = 0; nonce < 50; nonce += 1) {
        const s = { serverSeed, clientSeed: 'lucky', nonce };
        const draw = drawTicketFair(s, config);
        expect(drawTicketFair(s, config)).toEqual(draw);
        expect(drawTicketFair(s, asBigint)).toEqual(draw);
        expect(verifyTicketDraw(serverSeed, 'lucky', nonce, asJson)).toEqual(draw);
        expect(replayRound('ticket', asJson as unknown as Record<string, unknown>, s)).toEqual({ ...draw });
        expect(drawTicket(config, fairRng(s))).toEqual(draw);
      }
    }
  });

  it('a different server seed, client seed or nonce gives different draws', () => {
    const rolls = (f: (nonce: number) => typeof seeds): number[] =>
      Array.from({ length: 20 }, (_, i) => drawTicketFair(f(i), TICKET_DEMO_CONFIGS.envelope).roll);
    const base = rolls((nonce) => ({ ...seeds, nonce }));
    expect(rolls((nonce) => ({ ...seeds, nonce: nonce + 20 }))).not.toEqual(base);
    expect(rolls((nonce) => ({ ...seeds, nonce, clientSeed: 'other' }))).not.toEqual(base);
    expect(rolls((nonce) => ({ ...seeds, nonce, serverSeed: newServerSeed() }))).not.toEqual(base);
  });

  it.each(TICKET_GAMES)(
    '%s: 1,000,000 draws match the configured weights (each prize within 4 sigma, chi-square P > 0.001)',
    (game) => {
      const config = TICKET_DEMO_CONFIGS[game];
      const odds = ticketOdds(config);
      const N = 1_000_000;
      const rng = seededRng(1600 + TICKET_GAMES.indexOf(game));
      // drawTicket is drawFromTable(ticketTable(config)); the table is laid out once, not a million times
      const table = ticketTable(config);
      const counts = new Array<number>(odds.length).fill(0);
      for (let i = 0; i < N; i += 1) counts[drawFromTable(table, rng).index]! += 1;
      let chi2 = 0;
      odds.forEach((p, k) => {
        const freq = counts[k]! / N;
        const band = 4 * Math.sqrt((p * (1 - p)) / N);
        console.log(
          `ticket ${game} prize ${k} (${config.prizes[k]!.kind} ${String(config.prizes[k]!.amount)}) weight ${pct(p, 3)} drawn ${pct(freq, 3)} ± ${pct(band, 3)} (N=${thousands(N)})`,
        );
        expect(Math.abs(freq - p)).toBeLessThanOrEqual(band);
        chi2 += (counts[k]! - N * p) ** 2 / (N * p);
      });
      const critical = chi2Critical001(odds.length - 1);
      console.log(
        `ticket ${game} chi-square ${chi2.toFixed(2)} < ${critical.toFixed(2)} (df ${odds.length - 1}, P=0.001)`,
      );
      expect(chi2).toBeLessThan(critical);
    },
  );

  it('the live path (a fresh fairRng per nonce, as the server draws) matches the weights over 100,000 tickets', () => {
    const config = TICKET_DEMO_CONFIGS.wheel;
    const odds = ticketOdds(config);
    const N = 100_000;
    const serverSeed = 'f'.repeat(64);
    const counts = new Array<number>(odds.length).fill(0);
    for (let nonce = 0; nonce < N; nonce += 1) {
      counts[drawTicketFair({ serverSeed, clientSeed: 'fair', nonce }, config).index]! += 1;
    }
    const chi2 = odds.reduce((s, p, k) => s + (counts[k]! - N * p) ** 2 / (N * p), 0);
    console.log(`ticket wheel live path chi-square ${chi2.toFixed(2)} (N=${thousands(N)})`);
    expect(chi2).toBeLessThan(chi2Critical001(odds.length - 1));
  });
});

describe('ticket configuration', () => {
  const valid = (): Record<string, unknown> => ({
    game: 'wheel',
    prizes: [
      { kind: 'cash', amount: '100', weight: 1 },
      { kind: 'nothing', amount: '0', weight: 1 },
    ],
  });
  const withPrize = (p: Record<string, unknown>) => ({
    ...valid(),
    prizes: [p, { kind: 'nothing', amount: '0', weight: 1 }],
  });

  it('accepts the demo tables and amounts as bigint or decimal text', () => {
    for (const game of TICKET_GAMES) expect(ticketConfigProblems(TICKET_DEMO_CONFIGS[game])).toEqual([]);
    expect(
      ticketConfigProblems(withPrize({ kind: 'bonus', amount: 9_000_000_000_000_000n, weight: 3 })),
    ).toEqual([]);
    expect(parseTicketConfig(valid()).prizes[0]!.amount).toBe(100n);
  });

  it.each([
    ['not an object', null, 'configuration must be an object'],
    ['unknown game', { ...valid(), game: 'slot' }, 'game must be one of wheel, egg, envelope'],
    ['no prize list', { game: 'egg' }, 'prizes must be a list'],
    [
      'one prize',
      { ...valid(), prizes: [{ kind: 'cash', amount: '1', weight: 1 }] },
      'prizes must number 2 to 24',
    ],
    [
      '25 prizes',
      { ...valid(), prizes: Array.from({ length: 25 }, () => ({ kind: 'cash', amount: '1', weight: 1 })) },
      'prizes must number 2 to 24',
    ],
    ['unknown kind', withPrize({ kind: 'jackpot', amount: '1', weight: 1 }), 'prizes[0].kind must be one of'],
    [
      'spins on a cash prize',
      withPrize({
        kind: 'cash',
        amount: '1',
        weight: 1,
        spins: { stake: '100', vendor: 'V', gameCode: 'g' },
      }),
      'prizes[0].spins belong to a freeSpins prize only',
    ],
    [
      'free spins without their spins',
      withPrize({ kind: 'freeSpins', amount: '5', weight: 1 }),
      "prizes[0].spins must say each spin's stake and the slot",
    ],
    [
      'spins without a stake',
      withPrize({
        kind: 'freeSpins',
        amount: '5',
        weight: 1,
        spins: { stake: '0', vendor: 'V', gameCode: 'g' },
      }),
      'prizes[0].spins.stake must be a positive whole number of minor units',
    ],
    [
      'spins without a slot',
      withPrize({
        kind: 'freeSpins',
        amount: '5',
        weight: 1,
        spins: { stake: '100', vendor: ' ', gameCode: '' },
      }),
      'prizes[0].spins.vendor must be a vendor code',
    ],
    [
      'number amount',
      withPrize({ kind: 'cash', amount: 100, weight: 1 }),
      'prizes[0].amount must be a whole',
    ],
    [
      'decimal amount',
      withPrize({ kind: 'cash', amount: '1.50', weight: 1 }),
      'prizes[0].amount must be a whole',
    ],
    [
      'negative amount',
      withPrize({ kind: 'cash', amount: -1n, weight: 1 }),
      'prizes[0].amount must be a whole',
    ],
    [
      'leading zero',
      withPrize({ kind: 'cash', amount: '0100', weight: 1 }),
      'prizes[0].amount must be a whole',
    ],
    [
      'amount over the ledger bound',
      withPrize({ kind: 'cash', amount: '9000000000000000001', weight: 1 }),
      'prizes[0].amount must be a whole',
    ],
    [
      'zero cash',
      withPrize({ kind: 'cash', amount: '0', weight: 1 }),
      'prizes[0].amount must be positive for cash',
    ],
    [
      'paid nothing',
      withPrize({ kind: 'nothing', amount: '5', weight: 1 }),
      'prizes[0].amount must be 0 for nothing',
    ],
    [
      'zero weight',
      withPrize({ kind: 'cash', amount: '1', weight: 0 }),
      'prizes[0].weight must be a positive integer',
    ],
    [
      'fractional weight',
      withPrize({ kind: 'cash', amount: '1', weight: 1.5 }),
      'prizes[0].weight must be a positive',
    ],
    [
      'text weight',
      withPrize({ kind: 'cash', amount: '1', weight: '3' }),
      'prizes[0].weight must be a positive',
    ],
    [
      'weights over the bound',
      withPrize({ kind: 'cash', amount: '1', weight: TICKET_LIMITS.maxTotalWeight }),
      'the weights must add up to at most 1000000000',
    ],
    [
      'long label',
      withPrize({ kind: 'cash', amount: '1', weight: 1, label: 'x'.repeat(41) }),
      'prizes[0].label must be text of at most 40 characters',
    ],
  ])('refuses %s', (_name, input, problem) => {
    const problems = ticketConfigProblems(input);
    expect(problems.some((p) => p.startsWith(problem))).toBe(true);
    expect(() => parseTicketConfig(input)).toThrow(TicketConfigError);
    expect(() => drawTicket(input as TicketConfig, seededRng(1))).toThrow(TicketConfigError);
  });

  it("keeps a free-spins prize's spins: the stake as bigint when parsed, as text in JSON", () => {
    const input = withPrize({
      kind: 'freeSpins',
      amount: '10',
      weight: 1,
      spins: { stake: '200', vendor: 'BPG', gameCode: 'slot-1' },
    });
    expect(ticketConfigProblems(input)).toEqual([]);
    expect(parseTicketConfig(input).prizes[0]!.spins).toEqual({
      stake: 200n,
      vendor: 'BPG',
      gameCode: 'slot-1',
    });
    expect(ticketConfigJson(parseTicketConfig(input)).prizes[0]!.spins).toEqual({
      stake: '200',
      vendor: 'BPG',
      gameCode: 'slot-1',
    });
  });

  it('states the exact odds and the expected value of a ticket per prize kind', () => {
    const c = TICKET_DEMO_CONFIGS.egg;
    expect(ticketOdds(c)).toEqual([0.5, 0.3, 0.15, 0.05]);
    const ev = ticketExpectedValue(c);
    expect(ev.cash).toBeCloseTo(0.3 * 500 + 0.05 * 8800, 9);
    expect(ev.points).toBeCloseTo(10, 9);
    expect(ev.freeSpins).toBeCloseTo(1.5, 9);
    expect(ev.bonus).toBe(0);
  });

  it('builds the verification link with the seeds, the table and the recorded draw', () => {
    const draw = drawTicketFair(seeds, wheel);
    const href = ticketVerifyHref({
      config: wheel,
      draw,
      ...seeds,
      serverSeedHash: 'h',
      serverSeed: null,
      lang: 'bn',
    });
    const q = new URL(href, 'https://x.test').searchParams;
    expect(href.startsWith('/gs/verify/?kind=ticket&')).toBe(true);
    expect(q.get('serverSeed')).toBeNull(); // not revealed yet
    expect(q.get('nonce')).toBe('7');
    expect(JSON.parse(q.get('params')!)).toEqual(ticketConfigJson(wheel));
    expect(JSON.parse(q.get('outcome')!)).toEqual(draw);
    expect(q.get('lang')).toBe('bn');
  });
});
