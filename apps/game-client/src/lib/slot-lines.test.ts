import { describe, expect, it } from 'vitest';
import { cellKey, lineCells, linePath, winningCells } from './slot-lines';

const LINES = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
];
const WINDOW = [
  ['A', 'S', 'K'],
  ['Q', 'A', 'K'],
  ['A', 'K', 'S'],
  ['J', 'J', 'Q'],
  ['S', 'Q', 'K'],
];

describe('win-line highlighting', () => {
  it('covers the first `count` reels along the winning line', () => {
    expect(lineCells(LINES, { line: 3, count: 3 })).toEqual(['0:0', '1:1', '2:2']);
    expect(lineCells(LINES, { line: 0, count: 5 })).toHaveLength(5);
    expect(lineCells(LINES, { line: 9, count: 3 })).toEqual([]);
  });
  it('adds every scatter on screen when the scatter paid', () => {
    const scatters = new Set(['S']);
    const cells = winningCells(LINES, [{ line: 2, count: 3 }], WINDOW, scatters, true);
    expect([...cells].sort()).toEqual(['0:1', '0:2', '1:2', '2:2', '4:0'].sort());
    const noScatter = winningCells(LINES, [{ line: 2, count: 3 }], WINDOW, scatters, false);
    expect(noScatter.has(cellKey(0, 1))).toBe(false);
    expect(noScatter.size).toBe(3);
  });
  it('draws a line through cell centres', () => {
    expect(linePath([0, 1, 2], 100, 100)).toBe('50,50 150,150 250,250');
  });
});
