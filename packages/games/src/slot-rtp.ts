import type { TSlotConfig } from '@bp/contract';
import { compileSlot, evalCells, type CompiledSlot, type SlotConfig } from './slot-engine.js';

export interface SlotRtp {
  /** return of the base game's own wins (lines + scatters), fraction of the total stake */
  base: number;
  /** return contributed by free-spin features (trigger probability x expected feature win) */
  freeSpins: number;
  total: number;
  /** probability that a base spin wins anything */
  hitRate: number;
}

/** distinct symbols of a strip with their probability of showing on any one row */
function symbolDistribution(strip: Int32Array): Map<number, number> {
  const freq = new Map<number, number>();
  for (const s of strip) freq.set(s, (freq.get(s) ?? 0) + 1);
  for (const [s, n] of freq) freq.set(s, n / strip.length);
  return freq;
}

/**
 * Expected pay of one line in 1/10000 of the total bet. Each reel's cell on a line shows a symbol
 * distributed like the strip (the stop is uniform) and the reels are independent, so this is the
 * same for every line; summing over the product of per-reel distributions is exact.
 */
function lineExpectation(c: CompiledSlot, strips: Int32Array[]): number {
  const dists = strips.map((strip) => [...symbolDistribution(strip)]);
  const cells = new Int32Array(c.reels);
  const walk = (reel: number, p: number): number => {
    if (reel === c.reels) return p * evalCells(c, cells);
    let sum = 0;
    for (const [s, q] of dists[reel]!) {
      cells[reel] = s;
      sum += walk(reel + 1, p * q);
    }
    return sum;
  };
  return walk(0, 1);
}

/** per reel: probability of 0..rows scatters in the visible window */
function scatterCountsPerReel(c: CompiledSlot, strips: Int32Array[]): number[][] {
  return strips.map((strip) => {
    const dist = new Array<number>(c.rows + 1).fill(0);
    for (let stop = 0; stop < strip.length; stop += 1) {
      let k = 0;
      for (let r = 0; r < c.rows; r += 1) if (strip[(stop + r) % strip.length] === c.scatter) k += 1;
      dist[k] = dist[k]! + 1 / strip.length;
    }
    return dist;
  });
}

function convolve(dists: number[][]): number[] {
  let acc = [1];
  for (const d of dists) {
    const next = new Array<number>(acc.length + d.length - 1).fill(0);
    acc.forEach((a, i) => d.forEach((b, j) => (next[i + j] = next[i + j]! + a * b)));
    acc = next;
  }
  return acc;
}

/** expected win of one spin on these strips (unmultiplied, fraction of the total bet) and P(trigger) */
function spinExpectation(c: CompiledSlot, strips: Int32Array[]): { win: number; trigger: number } {
  const scatterDist = convolve(scatterCountsPerReel(c, strips));
  let scatterWin = 0;
  let trigger = 0;
  scatterDist.forEach((p, k) => {
    scatterWin += p * (c.scatterPay[k] ?? 0);
    if (k >= c.cfg.freeSpins.triggerCount) trigger += p;
  });
  const win = (c.lineCount * lineExpectation(c, strips) + scatterWin) / 10000;
  return { win, trigger };
}

/**
 * P(a base spin wins anything). Every line symbol pays for 3, so a line wins exactly when its first
 * three cells match: enumerate the stops of the first three reels, and take the scatters of the
 * remaining reels from their convolved distribution.
 */
function hitRate(c: CompiledSlot): number {
  const { reels, rows, lines, lineCount, wild, scatter, strips } = c;
  const minScatterPay = c.scatterPay.findIndex((x) => x > 0);
  const rest = convolve(scatterCountsPerReel(c, strips.slice(3)));
  const restAtLeast = (k: number): number =>
    minScatterPay < 0 ? 0 : rest.reduce((sum, p, j) => (j >= k ? sum + p : sum), 0);
  const [s0, s1, s2] = strips as [Int32Array, Int32Array, Int32Array];
  const win = new Int32Array(3 * rows);
  let hit = 0;
  for (let a = 0; a < s0.length; a += 1)
    for (let b = 0; b < s1.length; b += 1)
      for (let d = 0; d < s2.length; d += 1) {
        let scatters = 0;
        [a, b, d].forEach((stop, i) => {
          const strip = [s0, s1, s2][i]!;
          for (let r = 0; r < rows; r += 1) {
            const s = strip[(stop + r) % strip.length]!;
            win[i * rows + r] = s;
            if (s === scatter) scatters += 1;
          }
        });
        let lineHit = false;
        for (let l = 0; l < lineCount && !lineHit; l += 1) {
          let target = -1;
          let ok = true;
          for (let i = 0; i < 3 && ok; i += 1) {
            const s = win[i * rows + lines[l * reels + i]!]!;
            if (s === scatter) ok = false;
            else if (s !== wild) {
              if (target < 0) target = s;
              else if (s !== target) ok = false;
            }
          }
          lineHit = ok;
        }
        hit += lineHit ? 1 : restAtLeast(Math.max(0, minScatterPay - scatters));
      }
  return hit / (s0.length * s1.length * s2.length);
}

const cache = new WeakMap<SlotConfig, SlotRtp>();

/**
 * Exact return to player. Free spins: each free spin pays `multiplier` x the free strips' spin
 * expectation and retriggers with probability q, adding `count` spins; the expected number of spins
 * in a feature is the geometric series count x sum (count q)^k = count / (1 - count q) (Wald), so
 * total = base + P(trigger) x count / (1 - count q) x multiplier x E[free spin].
 */
export function slotRtp(cfg: SlotConfig): SlotRtp {
  const hit = cache.get(cfg);
  if (hit) return hit;
  const c = compileSlot(cfg);
  const base = spinExpectation(c, c.strips);
  const free = spinExpectation(c, c.freeStrips);
  const { count, multiplier } = cfg.freeSpins;
  if (count * free.trigger >= 1) throw new Error(`slot config ${cfg.id}: free spins retrigger without end`);
  const spinsPerFeature = count / (1 - count * free.trigger);
  const freeSpins = base.trigger * spinsPerFeature * multiplier * free.win;
  const rtp: SlotRtp = { base: base.win, freeSpins, total: base.win + freeSpins, hitRate: hitRate(c) };
  cache.set(cfg, rtp);
  return rtp;
}

/** the contract shape the game UI gets: no strips (the UI animates the window it is sent; the verifier takes the strips from @bp/games) */
export function publicSlotConfig(cfg: SlotConfig): TSlotConfig {
  return {
    id: cfg.id,
    theme: cfg.theme,
    reels: cfg.reels,
    rows: cfg.rows,
    symbols: cfg.symbols.map((s) => ({
      id: s.id,
      pays: [...s.pays],
      ...(s.wild ? { wild: true } : {}),
      ...(s.scatter ? { scatter: true } : {}),
    })),
    lines: cfg.lines.map((l) => [...l]),
    freeSpins: { ...cfg.freeSpins },
    rtp: (slotRtp(cfg).total * 100).toFixed(2),
  };
}
