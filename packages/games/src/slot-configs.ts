import type { SlotConfig } from './slot-engine.js';
import { buildStrip, connectedLines, LINES_5X3 } from './slot-strips.js';

type Counts = Record<string, number>;

/** the same counts on every reel, adjusted per reel */
function reels(n: number, base: Counts, perReel: Partial<Record<number, Counts>> = {}): string[][] {
  return Array.from({ length: n }, (_, i) => buildStrip({ ...base, ...perReel[i] }));
}

/** fruit machine classic: 5x3, 10 lines, 10 free spins at x2 on the base strips */
const fruitClassic: SlotConfig = {
  id: 'fruit-classic',
  theme: 'fruit',
  reels: 5,
  rows: 3,
  symbols: [
    { id: 'wild', pays: [50, 250, 1000], wild: true },
    { id: 'star', pays: [5, 25, 100], scatter: true },
    { id: 'seven', pays: [50, 200, 1000] },
    { id: 'bell', pays: [25, 100, 500] },
    { id: 'melon', pays: [20, 80, 300] },
    { id: 'plum', pays: [15, 50, 200] },
    { id: 'orange', pays: [10, 40, 150] },
    { id: 'lemon', pays: [8, 30, 100] },
    { id: 'cherry', pays: [5, 20, 80] },
  ],
  strips: reels(
    5,
    { wild: 1, star: 1, seven: 2, bell: 3, melon: 4, plum: 4, orange: 5, lemon: 6, cherry: 7 },
    {
      0: { lemon: 4 },
      1: { lemon: 4 },
      3: { lemon: 5 },
      4: { lemon: 5 },
    },
  ),
  lines: LINES_5X3.slice(0, 10),
  freeSpins: { triggerCount: 3, count: 10, multiplier: 2 },
};

/** egypt: 5x3, 20 lines, 12 free spins at x3 on richer strips */
const egyptPharaoh: SlotConfig = {
  id: 'egypt-pharaoh',
  theme: 'egypt',
  reels: 5,
  rows: 3,
  symbols: [
    { id: 'pharaoh', pays: [50, 500, 2500], wild: true },
    { id: 'book', pays: [5, 50, 250], scatter: true },
    { id: 'anubis', pays: [50, 250, 1000] },
    { id: 'horus', pays: [30, 150, 600] },
    { id: 'eye', pays: [25, 100, 400] },
    { id: 'ankh', pays: [20, 75, 300] },
    { id: 'A', pays: [15, 40, 150] },
    { id: 'K', pays: [10, 30, 125] },
    { id: 'Q', pays: [8, 25, 100] },
    { id: 'J', pays: [6, 20, 80] },
  ],
  strips: reels(
    5,
    { pharaoh: 1, book: 1, anubis: 2, horus: 2, eye: 3, ankh: 3, A: 4, K: 5, Q: 5, J: 6 },
    {
      0: { J: 4 },
      1: { J: 5 },
      3: { J: 5 },
    },
  ),
  freeStrips: reels(5, { pharaoh: 1, book: 1, anubis: 2, horus: 3, eye: 3, ankh: 3, A: 4, K: 4, Q: 4, J: 4 }),
  lines: LINES_5X3.slice(0, 20),
  freeSpins: { triggerCount: 3, count: 12, multiplier: 3 },
};

/** ocean (the fish games' theme): 5x4, 40 lines, 8 free spins at x2 */
const oceanTreasure: SlotConfig = {
  id: 'ocean-treasure',
  theme: 'ocean',
  reels: 5,
  rows: 4,
  symbols: [
    { id: 'trident', pays: [40, 200, 1000], wild: true },
    { id: 'chest', pays: [5, 40, 200], scatter: true },
    { id: 'shark', pays: [40, 150, 800] },
    { id: 'turtle', pays: [30, 120, 500] },
    { id: 'dolphin', pays: [25, 80, 300] },
    { id: 'octopus', pays: [15, 50, 200] },
    { id: 'starfish', pays: [12, 35, 125] },
    { id: 'shell', pays: [8, 20, 80] },
    { id: 'crab', pays: [5, 15, 60] },
  ],
  strips: reels(
    5,
    { trident: 1, chest: 1, shark: 2, turtle: 3, dolphin: 4, octopus: 5, starfish: 6, shell: 7, crab: 8 },
    {
      0: { crab: 6 },
      1: { crab: 6 },
      3: { crab: 7 },
    },
  ),
  lines: connectedLines(4, 40),
  freeSpins: { triggerCount: 3, count: 8, multiplier: 2 },
};

/** dragon: 5x3, 25 lines, 10 free spins at x2 on richer strips */
const dragonFortune: SlotConfig = {
  id: 'dragon-fortune',
  theme: 'dragon',
  reels: 5,
  rows: 3,
  symbols: [
    { id: 'dragon', pays: [80, 400, 2500], wild: true },
    { id: 'pearl', pays: [5, 40, 300], scatter: true },
    { id: 'phoenix', pays: [50, 200, 1000] },
    { id: 'tiger', pays: [35, 125, 600] },
    { id: 'koi', pays: [25, 80, 350] },
    { id: 'coin', pays: [15, 50, 200] },
    { id: 'lantern', pays: [12, 35, 150] },
    { id: 'A', pays: [10, 25, 90] },
    { id: 'K', pays: [8, 20, 75] },
  ],
  strips: reels(5, { dragon: 1, pearl: 1, phoenix: 2, tiger: 3, koi: 4, coin: 5, lantern: 6, A: 7, K: 8 }),
  freeStrips: reels(5, {
    dragon: 2,
    pearl: 1,
    phoenix: 2,
    tiger: 3,
    koi: 4,
    coin: 5,
    lantern: 6,
    A: 6,
    K: 6,
  }),
  lines: LINES_5X3.slice(0, 25),
  freeSpins: { triggerCount: 3, count: 10, multiplier: 2 },
};

/** gems: a 3x3 classic, 5 lines, 5 free spins at x3 */
const gemsDeluxe: SlotConfig = {
  id: 'gems-deluxe',
  theme: 'gems',
  reels: 3,
  rows: 3,
  symbols: [
    { id: 'diamond', pays: [100], wild: true },
    { id: 'star', pays: [5], scatter: true },
    { id: 'ruby', pays: [50] },
    { id: 'emerald', pays: [25] },
    { id: 'sapphire', pays: [15] },
    { id: 'amethyst', pays: [10] },
    { id: 'topaz', pays: [5] },
  ],
  strips: reels(
    3,
    { diamond: 1, star: 1, ruby: 2, emerald: 3, sapphire: 4, amethyst: 5, topaz: 6 },
    {
      0: { topaz: 4 },
      1: { topaz: 4 },
    },
  ),
  lines: [
    [1, 1, 1],
    [0, 0, 0],
    [2, 2, 2],
    [0, 1, 2],
    [2, 1, 0],
  ],
  freeSpins: { triggerCount: 3, count: 5, multiplier: 3 },
};

export const SLOT_CONFIGS: readonly SlotConfig[] = [
  fruitClassic,
  egyptPharaoh,
  oceanTreasure,
  dragonFortune,
  gemsDeluxe,
];

export function slotConfig(id: string): SlotConfig {
  const cfg = SLOT_CONFIGS.find((c) => c.id === id);
  if (!cfg) throw new Error(`unknown slot config ${id}`);
  return cfg;
}

/** FNV-1a over the code's UTF-16 units: the same code always lands on the same configuration */
export function slotConfigFor(gameCode: string): SlotConfig {
  let h = 0x811c9dc5;
  for (let i = 0; i < gameCode.length; i += 1) h = Math.imul(h ^ gameCode.charCodeAt(i), 0x01000193);
  return SLOT_CONFIGS[(h >>> 0) % SLOT_CONFIGS.length]!;
}
