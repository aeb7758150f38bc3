/**
 * Builds a reel strip from symbol counts, deterministically, spreading each symbol as evenly as
 * the length allows: the rarest symbols (scatter, wild) are placed first at exact even spacing, so
 * a scatter never shows twice in one window when its spacing is at least the window height.
 */
export function buildStrip(counts: Record<string, number>): string[] {
  const length = Object.values(counts).reduce((a, b) => a + b, 0);
  const slots = new Array<string | undefined>(length).fill(undefined);
  const order = Object.entries(counts).sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
  order.forEach(([id, k], n) => {
    // offsets by the golden ratio keep different symbols from stacking on the same positions
    const offset = Math.floor(((n * 0.6180339887) % 1) * length);
    for (let j = 0; j < k; j += 1) {
      let pos = (offset + Math.floor((j * length) / k)) % length;
      while (slots[pos] !== undefined) pos = (pos + 1) % length;
      slots[pos] = id;
    }
  });
  return slots as string[];
}

/** the classic 25 lines of a 5x3 slot (rows 0 top .. 2 bottom); configurations take the first n */
export const LINES_5X3: readonly number[][] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
  [2, 0, 0, 0, 2],
  [1, 0, 2, 0, 1],
  [1, 2, 0, 2, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
];

/**
 * The first n lines of a rows-high, 5-reel grid among the paths that move at most one row per reel:
 * straight lines first, then the ones that change row least often.
 */
export function connectedLines(rows: number, n: number): number[][] {
  const all: number[][] = [];
  const walk = (path: number[]): void => {
    if (path.length === 5) {
      all.push(path);
      return;
    }
    const last = path[path.length - 1]!;
    for (let r = Math.max(0, last - 1); r <= Math.min(rows - 1, last + 1); r += 1) walk([...path, r]);
  };
  for (let r = 0; r < rows; r += 1) walk([r]);
  const changes = (p: number[]): number => p.slice(1).filter((r, i) => r !== p[i]).length;
  return all.sort((a, b) => changes(a) - changes(b)).slice(0, n);
}
