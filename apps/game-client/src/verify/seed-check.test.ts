import { describe, expect, it } from 'vitest';
import {
  TICKET_CONFIG_LIMITS,
  TICKET_GAME_TYPES,
  TICKET_PRIZE_TYPES,
  ZTicketConfig,
  ZTicketDraw,
} from '@bp/contract';
import {
  drawTicketFair,
  playDice,
  fairRng,
  sha256Hex,
  TICKET_DEMO_CONFIGS,
  TICKET_GAMES,
  TICKET_LIMITS,
  TICKET_PRIZE_KINDS,
  ticketConfigProblems,
  ticketVerifyHref,
  type TicketConfig,
} from '@bp/games';
import { checkSeeds, queryJson, seedVerdict, type SeedInputs } from './seed-check';

const seeds = {
  serverSeed: 'a7f1c1d2e3b4a5968778695a4b3c2d1e0f1a2b3c4d5e6f708192a3b4c5d6e7f8',
  clientSeed: 'player-seed',
  nonce: 7,
};
const serverSeedHash = sha256Hex(seeds.serverSeed);

/** what the page reads from a ticket's link: the seed fields, the table and the recorded draw */
function fromLink(href: string): { input: SeedInputs; recorded?: Record<string, unknown> } {
  const q = new URL(href, 'https://site.test').searchParams;
  expect(q.get('kind')).toBe('ticket');
  const table = queryJson(q, 'params');
  return {
    input: {
      serverSeed: q.get('serverSeed') ?? '',
      serverSeedHash: q.get('serverSeedHash') ?? '',
      clientSeed: q.get('clientSeed') ?? '',
      nonce: q.get('nonce') ?? '0',
      paramsText: table ? JSON.stringify(table, null, 1) : '{}',
    },
    recorded: queryJson(q, 'outcome'),
  };
}

function ticketLink(config: TicketConfig, revealed = true, draw = drawTicketFair(seeds, config)): string {
  return ticketVerifyHref({
    config,
    draw,
    serverSeedHash,
    serverSeed: revealed ? seeds.serverSeed : null,
    clientSeed: seeds.clientSeed,
    nonce: seeds.nonce,
    lang: 'en',
  });
}

describe('the verification page checks a ticket draw in the browser', () => {
  it('a drawn ticket of every game verifies from its link alone', () => {
    for (const game of TICKET_GAMES) {
      const config = TICKET_DEMO_CONFIGS[game];
      const { input, recorded } = fromLink(ticketLink(config));
      const check = checkSeeds('ticket', input, recorded);
      expect(check).toMatchObject({ hashOk: true, agrees: true });
      expect(check.recomputed).toEqual({ ...drawTicketFair(seeds, config) });
      expect(seedVerdict(input.serverSeed, check)).toBe('ok');
    }
  });

  it('recomputes the published vector of the games package', () => {
    const { input, recorded } = fromLink(ticketLink(TICKET_DEMO_CONFIGS.wheel));
    expect(checkSeeds('ticket', input, recorded).recomputed).toMatchObject({
      roll: 58,
      index: 2,
      kind: 'bonus',
    });
  });

  it('a recorded draw that is not the seeds’ outcome, or a wrong seed, is a mismatch', () => {
    const config = TICKET_DEMO_CONFIGS.wheel;
    const real = drawTicketFair(seeds, config);
    const claimed = { ...real, index: (real.index + 1) % config.prizes.length };
    const forged = fromLink(ticketLink(config, true, claimed));
    const c1 = checkSeeds('ticket', forged.input, forged.recorded);
    expect(c1.agrees).toBe(false);
    expect(seedVerdict(forged.input.serverSeed, c1)).toBe('bad');

    // a table whose drawn prize pays more than the one the server used
    const { input, recorded } = fromLink(ticketLink(config));
    const richer = JSON.parse(input.paramsText) as TicketConfig;
    richer.prizes[real.index]!.amount = '99999900';
    const c2 = checkSeeds('ticket', { ...input, paramsText: JSON.stringify(richer) }, recorded);
    expect(seedVerdict(input.serverSeed, c2)).toBe('bad');

    const c3 = checkSeeds('ticket', { ...input, serverSeed: 'f'.repeat(64) }, recorded);
    expect(c3.hashOk).toBe(false);
    expect(seedVerdict('f'.repeat(64), c3)).toBe('bad');
  });

  it('before the seed is revealed there is nothing to judge; a broken table says why', () => {
    const { input, recorded } = fromLink(ticketLink(TICKET_DEMO_CONFIGS.egg, false));
    expect(input.serverSeed).toBe('');
    const c = checkSeeds('ticket', input, recorded);
    expect(c).toEqual({ hashOk: null });
    expect(seedVerdict('', c)).toBe('none');

    const bad = checkSeeds('ticket', {
      ...input,
      serverSeed: seeds.serverSeed,
      paramsText: '{"game":"wheel"}',
    });
    expect(bad.error).toMatchObject({ key: 'recomputeFailed' });
    expect(bad.error && 'message' in bad.error && bad.error.message).toContain('prizes must be a list');
    expect(seedVerdict(seeds.serverSeed, bad)).toBe('none');
    expect(checkSeeds('ticket', { ...input, paramsText: '{' }).error).toEqual({ key: 'invalidParams' });
  });

  it('game rounds still verify the same way (dice)', () => {
    const s = { ...seeds, nonce: 3 };
    const recorded = { ...playDice(fairRng(s), 5000, true) };
    const input = { ...s, serverSeedHash, nonce: '3', paramsText: '{"target":5000,"over":true}' };
    expect(seedVerdict(s.serverSeed, checkSeeds('dice', input, recorded))).toBe('ok');
  });

  it('reads only JSON objects from the query', () => {
    const q = new URLSearchParams({ a: '{"x":1}', b: '[1]', c: '{', d: '3' });
    expect(queryJson(q, 'a')).toEqual({ x: 1 });
    for (const k of ['b', 'c', 'd', 'missing']) expect(queryJson(q, k)).toBeUndefined();
  });
});

describe('the contract’s ticket schema and the engine agree', () => {
  it('on the names and limits', () => {
    expect([...TICKET_GAME_TYPES]).toEqual([...TICKET_GAMES]);
    expect([...TICKET_PRIZE_TYPES]).toEqual([...TICKET_PRIZE_KINDS]);
    expect(TICKET_CONFIG_LIMITS).toEqual(TICKET_LIMITS);
  });

  it('on which tables are valid', () => {
    const prize = (p: Record<string, unknown>) => ({
      game: 'wheel',
      prizes: [p, { kind: 'nothing', amount: '0', weight: 1 }],
    });
    const cases: unknown[] = [
      ...TICKET_GAMES.map((g) => TICKET_DEMO_CONFIGS[g]),
      prize({ kind: 'cash', amount: 5n, weight: 2, label: 'five' }),
      prize({ kind: 'bonus', amount: '9000000000000000000', weight: 1 }),
      prize({ kind: 'bonus', amount: '9000000000000000001', weight: 1 }),
      prize({ kind: 'cash', amount: '0', weight: 1 }),
      prize({ kind: 'nothing', amount: '1', weight: 1 }),
      prize({ kind: 'cash', amount: '01', weight: 1 }),
      prize({ kind: 'cash', amount: '1.5', weight: 1 }),
      prize({ kind: 'cash', amount: 1, weight: 1 }),
      prize({ kind: 'cash', amount: -1n, weight: 1 }),
      prize({ kind: 'cash', amount: '1', weight: 0 }),
      prize({ kind: 'cash', amount: '1', weight: 2.5 }),
      prize({ kind: 'cash', amount: '1', weight: 999_999_999 }),
      prize({ kind: 'cash', amount: '1', weight: 1_000_000_000 }),
      prize({ kind: 'cash', amount: '1', weight: 1, label: 'x'.repeat(41) }),
      prize({ kind: 'jackpot', amount: '1', weight: 1 }),
      prize({ kind: 'freeSpins', amount: '5', weight: 1 }),
      prize({
        kind: 'freeSpins',
        amount: '5',
        weight: 1,
        spins: { stake: '100', vendor: 'V', gameCode: 'g' },
      }),
      { game: 'slot', prizes: prize({ kind: 'cash', amount: '1', weight: 1 }).prizes },
      { game: 'egg', prizes: [{ kind: 'cash', amount: '1', weight: 1 }] },
      { game: 'egg', prizes: Array.from({ length: 24 }, () => ({ kind: 'points', amount: '1', weight: 1 })) },
      { game: 'egg', prizes: Array.from({ length: 25 }, () => ({ kind: 'points', amount: '1', weight: 1 })) },
      { game: 'egg' },
      null,
    ];
    for (const c of cases) {
      const engine = ticketConfigProblems(c).length === 0;
      expect(
        ZTicketConfig.safeParse(c).success,
        JSON.stringify(c, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v)),
      ).toBe(engine);
    }
  });

  it('a draw is a valid contract TicketDraw', () => {
    for (const g of TICKET_GAMES)
      expect(ZTicketDraw.parse(drawTicketFair(seeds, TICKET_DEMO_CONFIGS[g]))).toBeTruthy();
  });
});
