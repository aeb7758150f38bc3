import { ZSlotConfig } from '@bp/contract';
import { describe, expect, it } from 'vitest';
import { seededRng } from './rng.js';
import { SLOT_CONFIGS, slotConfig, slotConfigFor } from './slot-configs.js';
import {
  compileSlot,
  playSlotRoundX10000,
  spinSlot,
  spinSlotFastX10000,
  type SlotConfig,
} from './slot-engine.js';
import { publicSlotConfig, slotRtp } from './slot-rtp.js';
import { Moments, pct, scriptedRng, thousands } from './test-helpers.js';

/** strips of exactly the window (stop 0 shows them), so a scripted rng of zeros lays out any grid */
function gridConfig(columns: string[][], lines: number[][]): SlotConfig {
  return {
    id: 'test-grid',
    theme: 'test',
    reels: 5,
    rows: 3,
    symbols: [
      { id: 'W', pays: [10, 50, 200], wild: true },
      { id: 'S', pays: [2, 10, 50], scatter: true },
      { id: 'A', pays: [5, 20, 100] },
      { id: 'B', pays: [2, 5, 10] },
      { id: 'C', pays: [1, 2, 4] },
    ],
    strips: columns,
    lines,
    freeSpins: { triggerCount: 3, count: 10, multiplier: 3 },
  };
}

/** one line across the middle row, columns given as [top, mid, bottom] */
function middleLine(mid: string[], free = false): ReturnType<typeof spinSlot> {
  const cfg = gridConfig(
    mid.map((m, i) => [i % 2 ? 'B' : 'C', m, 'B']),
    [
      [1, 1, 1, 1, 1],
      [0, 0, 0, 0, 0],
    ],
  );
  return spinSlot(cfg, scriptedRng([0, 0, 0, 0, 0]), { free });
}

describe('slot line evaluation', () => {
  // two lines: a line pay of p line bets is p * 10000 / 2 in 1/10000 of the total bet
  it('pays the longest left-to-right run with wilds substituting', () => {
    const spin = middleLine(['W', 'A', 'A', 'B', 'A']);
    expect(spin.lineWins).toEqual([{ line: 0, symbol: 'A', count: 3, winX10000: 25000 }]);
  });

  it('pays a wild run as wild when that beats the substituted symbol', () => {
    expect(middleLine(['W', 'W', 'W', 'C', 'C']).lineWins).toEqual([
      { line: 0, symbol: 'W', count: 3, winX10000: 50000 },
    ]);
    expect(middleLine(['W', 'W', 'W', 'A', 'A']).lineWins).toEqual([
      { line: 0, symbol: 'A', count: 5, winX10000: 500000 },
    ]);
    expect(middleLine(['W', 'W', 'W', 'W', 'W']).lineWins).toEqual([
      { line: 0, symbol: 'W', count: 5, winX10000: 1000000 },
    ]);
    expect(middleLine(['W', 'W', 'W', 'W', 'S']).lineWins).toEqual([
      { line: 0, symbol: 'W', count: 4, winX10000: 250000 },
    ]);
  });

  it('never substitutes or pays a scatter on a line, and needs three from the left', () => {
    expect(middleLine(['S', 'A', 'A', 'A', 'A']).lineWins).toEqual([]);
    expect(middleLine(['A', 'A', 'S', 'A', 'A']).lineWins).toEqual([]);
    expect(middleLine(['A', 'B', 'A', 'A', 'A']).lineWins).toEqual([]);
    expect(middleLine(['B', 'W', 'B', 'W', 'A']).lineWins).toEqual([
      { line: 0, symbol: 'B', count: 4, winX10000: 25000 },
    ]);
  });

  it('pays scatters anywhere on the total bet and awards free spins from the trigger count', () => {
    const spin = middleLine(['S', 'C', 'S', 'B', 'S']);
    expect(spin.scatterCount).toBe(3);
    expect(spin.scatterWinX10000).toBe(20000);
    expect(spin.freeSpinsAwarded).toBe(10);
    expect(spin.totalWinX10000).toBe(20000);
    expect(middleLine(['S', 'C', 'A', 'B', 'S']).freeSpinsAwarded).toBe(0);
  });

  it('applies the free-spin multiplier to every win of a free spin', () => {
    const spin = middleLine(['A', 'A', 'A', 'S', 'S'], true);
    expect(spin.lineWins).toEqual([{ line: 0, symbol: 'A', count: 3, winX10000: 75000 }]);
    expect(spin.totalWinX10000).toBe(75000);
  });

  it('reads the window from the stops and reports each reel top to bottom', () => {
    const cfg = slotConfig('fruit-classic');
    const spin = spinSlot(cfg, scriptedRng([0, 5, 10, 30, 31]));
    expect(spin.stops).toEqual([0, 5, 10, 30, 31]);
    spin.window.forEach((column, reel) => {
      const strip = cfg.strips[reel]!;
      expect(column).toEqual([0, 1, 2].map((r) => strip[(spin.stops[reel]! + r) % strip.length]));
    });
  });
});

describe('slot configurations', () => {
  it('has at least four themed configurations that validate, with integer pays per line', () => {
    expect(SLOT_CONFIGS.length).toBeGreaterThanOrEqual(4);
    expect(new Set(SLOT_CONFIGS.map((c) => c.theme)).size).toBe(SLOT_CONFIGS.length);
    for (const cfg of SLOT_CONFIGS) {
      expect(() => compileSlot(cfg)).not.toThrow();
      expect(slotConfig(cfg.id)).toBe(cfg);
      expect(new Set(cfg.lines.map(String)).size).toBe(cfg.lines.length);
    }
    expect(() => slotConfig('nope')).toThrow();
  });

  it('shows at most one scatter per reel window (strips space them out)', () => {
    for (const cfg of SLOT_CONFIGS) {
      for (const strip of [...cfg.strips, ...(cfg.freeStrips ?? [])]) {
        for (let stop = 0; stop < strip.length; stop += 1) {
          const shown = Array.from({ length: cfg.rows }, (_, r) => strip[(stop + r) % strip.length]);
          expect(
            shown.filter((s) => s === cfg.symbols.find((x) => x.scatter)!.id).length,
          ).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it('maps any game code onto a configuration, always the same one, using them all', () => {
    const codes = Array.from({ length: 500 }, (_, i) => `vendor${i % 7}-game-${i}`);
    const used = new Set(codes.map((c) => slotConfigFor(c).id));
    expect(used.size).toBe(SLOT_CONFIGS.length);
    for (const c of codes) expect(slotConfigFor(c)).toBe(slotConfigFor(`${c}`));
    expect(slotConfigFor('pg-fortune-tiger').id).toBe(slotConfigFor('pg-fortune-tiger').id);
  });

  it('publishes the contract shape without the strips, with the exact RTP', () => {
    for (const cfg of SLOT_CONFIGS) {
      const pub = publicSlotConfig(cfg);
      expect(ZSlotConfig.parse(pub)).toEqual(pub);
      expect(pub).not.toHaveProperty('strips');
      expect(pub.rtp).toBe((slotRtp(cfg).total * 100).toFixed(2));
    }
  });

  it('the detailed spin and the fast evaluator agree spin for spin', () => {
    for (const cfg of SLOT_CONFIGS) {
      const c = compileSlot(cfg);
      for (const free of [false, true]) {
        const a = seededRng(11);
        const b = seededRng(11);
        for (let i = 0; i < 3000; i += 1) {
          const spin = spinSlot(cfg, a, { free });
          const fast = spinSlotFastX10000(c, b, free);
          if (spin.totalWinX10000 !== fast) expect({ i, spin }).toEqual({ i, fast });
          expect(Number.isInteger(spin.totalWinX10000)).toBe(true);
        }
      }
    }
  });
});

describe.each(SLOT_CONFIGS.map((cfg) => [cfg.id, cfg] as const))('slot %s RTP', (id, cfg) => {
  it('exact RTP is within 94%..97.5% and a 1,000,000-spin simulation agrees within 4 sigma', () => {
    const exact = slotRtp(cfg);
    expect(exact.total).toBeGreaterThanOrEqual(0.94);
    expect(exact.total).toBeLessThanOrEqual(0.975);
    expect(exact.total).toBeCloseTo(exact.base + exact.freeSpins, 12);

    const N = 1_000_000;
    const rng = seededRng(20260101);
    const m = new Moments();
    for (let i = 0; i < N; i += 1) m.add(playSlotRoundX10000(cfg, rng) / 10000);
    console.log(
      `slot ${id} exact RTP ${pct(exact.total)} (base ${pct(exact.base)} + free spins ${pct(exact.freeSpins)}) ` +
        `simulated ${pct(m.mean)} ± ${pct(m.band())} (N=${thousands(N)}, sd ${m.sd.toFixed(2)} per spin)`,
    );
    expect(Math.abs(m.mean - exact.total)).toBeLessThanOrEqual(m.band());
  });

  it('exact hit rate agrees with 200,000 base spins', () => {
    const { hitRate } = slotRtp(cfg);
    const c = compileSlot(cfg);
    const rng = seededRng(7);
    const n = 200_000;
    let hits = 0;
    for (let i = 0; i < n; i += 1) if (spinSlotFastX10000(c, rng, false) > 0) hits += 1;
    const band = 4 * Math.sqrt((hitRate * (1 - hitRate)) / n);
    console.log(
      `slot ${id} exact hit rate ${pct(hitRate)} simulated ${pct(hits / n)} ± ${pct(band)} (N=${thousands(n)})`,
    );
    expect(Math.abs(hits / n - hitRate)).toBeLessThanOrEqual(band);
  });
});

describe('slot exact RTP on a small configuration', () => {
  it('matches full enumeration of every stop combination, free spins with retriggers included', () => {
    // 3 reels of 4 stops, 1 row: 64 outcomes, enumerable by hand
    const cfg: SlotConfig = {
      id: 'tiny',
      theme: 'test',
      reels: 3,
      rows: 1,
      symbols: [
        { id: 'W', pays: [20], wild: true },
        { id: 'S', pays: [5], scatter: true },
        { id: 'A', pays: [10] },
        { id: 'B', pays: [4] },
      ],
      strips: [
        ['W', 'S', 'A', 'B'],
        ['A', 'S', 'B', 'B'],
        ['W', 'A', 'S', 'B'],
      ],
      lines: [[0, 0, 0]],
      freeSpins: { triggerCount: 3, count: 4, multiplier: 2 },
    };
    let win = 0;
    let trigger = 0;
    for (let a = 0; a < 4; a += 1)
      for (let b = 0; b < 4; b += 1)
        for (let d = 0; d < 4; d += 1) {
          const spin = spinSlot(cfg, scriptedRng([a, b, d]));
          win += spin.totalWinX10000 / 10000 / 64;
          if (spin.freeSpinsAwarded > 0) trigger += 1 / 64;
        }
    // same strips in free spins: each spin pays 2 x win, and adds 4 spins with probability trigger
    const spins = 4 / (1 - 4 * trigger);
    const rtp = slotRtp(cfg);
    expect(rtp.base).toBeCloseTo(win, 12);
    expect(rtp.freeSpins).toBeCloseTo(trigger * spins * 2 * win, 12);
  });
});

describe('slot exact RTP of gems-deluxe by brute force', () => {
  it('slotRtp equals the average over every stop combination of the real spinSlot', () => {
    const cfg = slotConfig('gems-deluxe');
    const [l0, l1, l2] = cfg.strips.map((s) => s.length) as [number, number, number];
    let win = 0;
    let trigger = 0;
    let hits = 0;
    for (let a = 0; a < l0; a += 1)
      for (let b = 0; b < l1; b += 1)
        for (let d = 0; d < l2; d += 1) {
          const spin = spinSlot(cfg, scriptedRng([a, b, d]));
          win += spin.totalWinX10000;
          if (spin.freeSpinsAwarded > 0) trigger += 1;
          if (spin.totalWinX10000 > 0) hits += 1;
        }
    const n = l0 * l1 * l2;
    const base = win / 10000 / n;
    const { count, multiplier } = cfg.freeSpins;
    // no freeStrips: a free spin is a base spin times the multiplier
    const feature = (count / (1 - (count * trigger) / n)) * multiplier * base;
    const rtp = slotRtp(cfg);
    console.log(
      `slot gems-deluxe enumerated ${thousands(n)} stop combinations: base ${pct(base, 4)} total ${pct(base + (trigger / n) * feature, 4)}`,
    );
    expect(rtp.base).toBeCloseTo(base, 12);
    expect(rtp.freeSpins).toBeCloseTo((trigger / n) * feature, 12);
    expect(rtp.hitRate).toBeCloseTo(hits / n, 12);
  });
});
