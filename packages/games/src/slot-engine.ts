import type { Rng } from './rng.js';

export interface SlotSymbol {
  id: string;
  /** [3, 4, 5 of a kind] in multiples of the LINE bet; scatter: of the TOTAL bet, for 3, 4, 5+ anywhere */
  pays: number[];
  wild?: boolean;
  scatter?: boolean;
}

export interface SlotConfig {
  id: string;
  theme: string;
  reels: number;
  rows: number;
  symbols: SlotSymbol[];
  /** base-game reel strips: the window shows strip[(stop + row) % length] */
  strips: string[][];
  /** strips used during free spins (the base strips when absent) */
  freeStrips?: string[][];
  /** each line: the row on each reel */
  lines: number[][];
  freeSpins: { triggerCount: number; count: number; multiplier: number };
}

export interface SlotLineWin {
  line: number;
  symbol: string;
  count: number;
  /** 1/10000 of the TOTAL stake, free-spin multiplier included */
  winX10000: number;
}

export interface SlotSpin {
  stops: number[];
  /** symbol ids, [reel][row] */
  window: string[][];
  lineWins: SlotLineWin[];
  scatterCount: number;
  scatterWinX10000: number;
  freeSpinsAwarded: number;
  /** integer, in 1/10000 of the TOTAL stake; free-spin multiplier applied when opts.free */
  totalWinX10000: number;
}

/**
 * A configuration turned into numbers once (symbol indices, pays already in 1/10000 of the total
 * bet) so a spin does no lookups by name and allocates nothing: simulations run millions of them.
 */
export interface CompiledSlot {
  cfg: SlotConfig;
  reels: number;
  rows: number;
  symbolIds: string[];
  wild: number;
  scatter: number;
  /** [symbol * (reels + 1) + count] -> line pay in 1/10000 of the total bet (0 below 3) */
  linePay: Int32Array;
  /** [scatter count] -> pay in 1/10000 of the total bet */
  scatterPay: Int32Array;
  strips: Int32Array[];
  freeStrips: Int32Array[];
  /** [line * reels + reel] -> row */
  lines: Int32Array;
  lineCount: number;
  // scratch, reused by every spin
  window: Int32Array;
  stops: Int32Array;
  cells: Int32Array;
}

const compiled = new WeakMap<SlotConfig, CompiledSlot>();

function fail(cfg: SlotConfig, why: string): never {
  throw new Error(`slot config ${cfg.id}: ${why}`);
}

/** Validates the configuration and prepares its numeric form (cached per config object). */
export function compileSlot(cfg: SlotConfig): CompiledSlot {
  const hit = compiled.get(cfg);
  if (hit) return hit;
  const { reels, rows } = cfg;
  if (!Number.isInteger(reels) || reels < 3 || !Number.isInteger(rows) || rows < 1)
    fail(cfg, 'bad reels/rows');
  const symbolIds = cfg.symbols.map((s) => s.id);
  const index = new Map(symbolIds.map((id, i) => [id, i]));
  if (index.size !== symbolIds.length) fail(cfg, 'duplicate symbol id');
  const wilds = cfg.symbols.filter((s) => s.wild).length;
  const scatters = cfg.symbols.filter((s) => s.scatter).length;
  if (wilds > 1 || scatters > 1) fail(cfg, 'at most one wild and one scatter');
  const lineCount = cfg.lines.length;
  if (lineCount < 1) fail(cfg, 'no lines');
  const linePay = new Int32Array(cfg.symbols.length * (reels + 1));
  const maxScatter = reels * rows;
  const scatterPay = new Int32Array(maxScatter + 1);
  cfg.symbols.forEach((s, i) => {
    if (s.wild && s.scatter) fail(cfg, `${s.id} cannot be wild and scatter`);
    if (s.scatter) {
      for (let k = 3; k <= maxScatter; k += 1) {
        const pay = s.pays[Math.min(k - 3, s.pays.length - 1)] ?? 0;
        const x = pay * 10000;
        if (!Number.isInteger(x) || x < 0) fail(cfg, `scatter pay ${pay} is not a whole 1/10000`);
        scatterPay[k] = x;
      }
      return;
    }
    // every line symbol (the wild too) pays for 3, 4 and 5: then a line wins exactly when its first
    // three cells match, which the exact hit rate relies on
    if (s.pays.length !== reels - 2 || s.pays.some((p) => !(p > 0)))
      fail(cfg, `${s.id} needs ${reels - 2} positive pays`);
    s.pays.forEach((pay, k) => {
      const x = (pay * 10000) / lineCount;
      if (!Number.isInteger(x))
        fail(cfg, `${s.id} pay ${pay} over ${lineCount} lines is not a whole 1/10000`);
      linePay[i * (reels + 1) + k + 3] = x;
    });
  });
  const toStrips = (strips: string[][]): Int32Array[] => {
    if (strips.length !== reels) fail(cfg, 'one strip per reel');
    return strips.map((strip) => {
      if (strip.length < rows) fail(cfg, 'strip shorter than the window');
      return Int32Array.from(strip, (id) => index.get(id) ?? fail(cfg, `unknown symbol ${id}`));
    });
  };
  const lines = new Int32Array(lineCount * reels);
  cfg.lines.forEach((line, l) => {
    if (line.length !== reels || line.some((r) => !Number.isInteger(r) || r < 0 || r >= rows))
      fail(cfg, `bad line ${l}`);
    line.forEach((r, i) => (lines[l * reels + i] = r));
  });
  const { triggerCount, count, multiplier } = cfg.freeSpins;
  if (!Number.isInteger(triggerCount) || triggerCount < 1 || !Number.isInteger(count) || count < 0)
    fail(cfg, 'bad freeSpins');
  if (!Number.isInteger(multiplier) || multiplier < 1)
    fail(cfg, 'free-spin multiplier must be a whole number');
  const strips = toStrips(cfg.strips);
  const c: CompiledSlot = {
    cfg,
    reels,
    rows,
    symbolIds,
    wild: cfg.symbols.findIndex((s) => s.wild),
    scatter: cfg.symbols.findIndex((s) => s.scatter),
    linePay,
    scatterPay,
    strips,
    freeStrips: cfg.freeStrips ? toStrips(cfg.freeStrips) : strips,
    lines,
    lineCount,
    window: new Int32Array(reels * rows),
    stops: new Int32Array(reels),
    cells: new Int32Array(reels),
  };
  compiled.set(cfg, c);
  return c;
}

/** set by evalCells: the paying symbol and count of the last line evaluated */
let lastSymbol = -1;
let lastCount = 0;

/**
 * One line's pay (1/10000 of the total bet) for the symbols on its cells, left to right: the run of
 * leading wilds paid as wild, or the run of the first non-wild symbol with wilds substituting,
 * whichever pays more. A scatter ends a run and is never substituted.
 */
export function evalCells(c: CompiledSlot, cells: Int32Array): number {
  const { reels, wild, scatter, linePay } = c;
  let i = 0;
  while (i < reels && cells[i] === wild) i += 1;
  const wildRun = i;
  let target = -1;
  if (i < reels && cells[i] !== scatter) {
    target = cells[i]!;
    i += 1;
    while (i < reels && (cells[i] === wild || cells[i] === target)) i += 1;
  }
  const wildPay = wild >= 0 ? linePay[wild * (reels + 1) + wildRun]! : 0;
  const symbolPay = target >= 0 ? linePay[target * (reels + 1) + i]! : 0;
  if (wildPay > symbolPay) {
    lastSymbol = wild;
    lastCount = wildRun;
    return wildPay;
  }
  lastSymbol = target;
  lastCount = i;
  return symbolPay;
}

/** draws one stop per reel (one rng.int per reel, in reel order) and fills c.window / c.stops */
function drawWindow(c: CompiledSlot, rng: Rng, free: boolean): number {
  const strips = free ? c.freeStrips : c.strips;
  const { reels, rows, window, stops, scatter } = c;
  let scatters = 0;
  for (let i = 0; i < reels; i += 1) {
    const strip = strips[i]!;
    const stop = rng.int(strip.length);
    stops[i] = stop;
    for (let r = 0; r < rows; r += 1) {
      const s = strip[(stop + r) % strip.length]!;
      window[i * rows + r] = s;
      if (s === scatter) scatters += 1;
    }
  }
  return scatters;
}

function lineCells(c: CompiledSlot, line: number): Int32Array {
  const { reels, rows, lines, window, cells } = c;
  for (let i = 0; i < reels; i += 1) cells[i] = window[i * rows + lines[line * reels + i]!]!;
  return cells;
}

/** scatter count of the last fast spin */
let lastScatters = 0;

/** The allocation-free spin used by simulations: the same draws and pays as spinSlot, total only. */
export function spinSlotFastX10000(c: CompiledSlot, rng: Rng, free: boolean): number {
  const scatters = drawWindow(c, rng, free);
  lastScatters = scatters;
  let total = c.scatterPay[scatters]!;
  for (let l = 0; l < c.lineCount; l += 1) total += evalCells(c, lineCells(c, l));
  return free ? total * c.cfg.freeSpins.multiplier : total;
}

/**
 * A base spin and every free spin it leads to (retriggers included), as one figure in 1/10000 of
 * the total stake: the unit in which the RTP is defined and simulated.
 */
export function playSlotRoundX10000(cfg: SlotConfig, rng: Rng): number {
  const c = compileSlot(cfg);
  const { triggerCount, count } = cfg.freeSpins;
  let total = spinSlotFastX10000(c, rng, false);
  let pending = lastScatters >= triggerCount ? count : 0;
  while (pending > 0) {
    pending -= 1;
    total += spinSlotFastX10000(c, rng, true);
    if (lastScatters >= triggerCount) pending += count;
  }
  return total;
}

/** One spin with everything the player sees. Free spins use the free strips and the multiplier. */
export function spinSlot(cfg: SlotConfig, rng: Rng, opts?: { free?: boolean }): SlotSpin {
  const c = compileSlot(cfg);
  const free = opts?.free === true;
  const mult = free ? cfg.freeSpins.multiplier : 1;
  const scatterCount = drawWindow(c, rng, free);
  const lineWins: SlotLineWin[] = [];
  for (let l = 0; l < c.lineCount; l += 1) {
    const pay = evalCells(c, lineCells(c, l));
    if (pay > 0)
      lineWins.push({ line: l, symbol: c.symbolIds[lastSymbol]!, count: lastCount, winX10000: pay * mult });
  }
  const scatterWinX10000 = c.scatterPay[scatterCount]! * mult;
  const window: string[][] = [];
  for (let i = 0; i < c.reels; i += 1) {
    window.push(Array.from(c.window.subarray(i * c.rows, (i + 1) * c.rows), (s) => c.symbolIds[s]!));
  }
  return {
    stops: Array.from(c.stops),
    window,
    lineWins,
    scatterCount,
    scatterWinX10000,
    freeSpinsAwarded: scatterCount >= cfg.freeSpins.triggerCount ? cfg.freeSpins.count : 0,
    totalWinX10000: lineWins.reduce((sum, w) => sum + w.winX10000, scatterWinX10000),
  };
}
