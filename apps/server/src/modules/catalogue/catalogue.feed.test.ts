import { describe, expect, it } from 'vitest';
import { ZCatalogueFeed } from '@bp/contract';
import { DEMO_VENDORS, generateDemoFeed, seededRandom } from './catalogue.feed.js';

describe('seeded PRNG', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom(43);
    const seqA = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(seqA);
    expect(Array.from({ length: 5 }, c)).not.toEqual(seqA);
    expect(seqA.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});

describe('generated demo feed', () => {
  const full = generateDemoFeed();

  it('is the same, byte for byte, for the same seed, and different for another', () => {
    expect(JSON.stringify(generateDemoFeed())).toBe(JSON.stringify(full));
    const other = generateDemoFeed({ seed: 7 });
    expect(other.games!.length).toBe(full.games!.length);
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(full));
  });

  it('has at least 10,000 games across the spec vendor codes, mostly slots and fishing', () => {
    const games = full.games!;
    expect(games.length).toBeGreaterThanOrEqual(10_000);
    const vendors = new Set(games.map((g) => g.vendor));
    for (const code of [
      'PG',
      'EG2',
      'PT',
      'JDB',
      'CQ9',
      'FC',
      'JL',
      'BGS',
      'EVO',
      'SA',
      'SABA',
      'IMES',
      'SV3',
    ]) {
      expect(vendors, code).toContain(code);
    }
    expect(vendors).toContain('TCG_LOTTO_VN');
    expect(vendors).toContain('LOTT');
    const slotsAndFish = games.filter((g) => g.gameType === 'RNG' || g.gameType === 'FISH').length;
    expect(slotsAndFish / games.length).toBeGreaterThan(0.9);
    expect(new Set(games.map((g) => g.gameType))).toEqual(
      new Set(['RNG', 'LIVE', 'FISH', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'PVP', 'LOTT', 'ELOTT']),
    );
  });

  it('is a valid feed: unique codes, English and Bengali names, unique names per vendor', () => {
    const parsed = ZCatalogueFeed.parse(full);
    const keys = new Set(parsed.games.map((g) => `${g.vendor}/${g.gameCode}`));
    expect(keys.size).toBe(parsed.games.length);
    for (const g of parsed.games) {
      expect(g.names.EN).toBeTruthy();
      expect(g.names.BN).toMatch(/[\u0980-\u09FF]/);
    }
    for (const v of DEMO_VENDORS) {
      const names = parsed.games.filter((g) => g.vendor === v.code).map((g) => g.names.EN);
      expect(new Set(names).size, v.code).toBe(names.length);
    }
    expect(parsed.games.some((g) => g.isHot)).toBe(true);
    expect(parsed.games.some((g) => g.isNew)).toBe(true);
    expect(parsed.games.some((g) => g.gameClassify === 'Crash')).toBe(true);
  });

  it('scales down for tests, keeping every vendor and type', () => {
    const small = generateDemoFeed({ scale: 0.03 });
    expect(small.games!.length).toBeLessThan(500);
    const pairs = (f: typeof full) => new Set(f.games!.map((g) => `${g.vendor}:${g.gameType}`));
    expect(pairs(small)).toEqual(pairs(full));
  });
});
