/**
 * Which cells of the reel window a spin's wins cover, for highlighting: a line win of `count` covers
 * the first `count` reels along its line (wins pay left to right); a scatter win covers every scatter
 * on screen. Cells are keyed "reel:row".
 */
export interface LineWinLike {
  /** index into the configuration's `lines` */
  line: number;
  count: number;
}

export const cellKey = (reel: number, row: number) => `${reel}:${row}`;

export function lineCells(lines: readonly number[][], win: LineWinLike): string[] {
  const rows = lines[win.line];
  if (!rows) return [];
  return rows.slice(0, win.count).map((row, reel) => cellKey(reel, row));
}

export function winningCells(
  lines: readonly number[][],
  lineWins: readonly LineWinLike[],
  window: readonly (readonly string[])[],
  scatterIds: ReadonlySet<string>,
  scatterPaid: boolean,
): Set<string> {
  const cells = new Set<string>();
  for (const w of lineWins) for (const c of lineCells(lines, w)) cells.add(c);
  if (scatterPaid)
    window.forEach((column, reel) =>
      column.forEach((id, row) => {
        if (scatterIds.has(id)) cells.add(cellKey(reel, row));
      }),
    );
  return cells;
}

/** SVG polyline points through the centres of a line's cells, in a grid of `cell`-sized squares. */
export function linePath(rows: readonly number[], cellW: number, cellH: number): string {
  return rows.map((row, reel) => `${reel * cellW + cellW / 2},${row * cellH + cellH / 2}`).join(' ');
}
