import { describe, expect, it } from 'vitest';
import {
  clockOffset,
  curvePoints,
  formatMultiplier,
  multiplierX100At,
  secondsLeft,
  smoothedOffset,
} from './crash-timing';

const GROWTH = 0.00006; // per ms: 2x after ~11.55 s

describe('crash timing', () => {
  it('starts at 1.00x and follows e^(growth * elapsed), floored', () => {
    expect(multiplierX100At(1000, GROWTH, 1000)).toBe(100);
    expect(multiplierX100At(1000, GROWTH, 500)).toBe(100); // before the start: still 1.00x
    const ms = Math.log(2) / GROWTH;
    expect(multiplierX100At(0, GROWTH, Math.ceil(ms))).toBe(200);
    expect(multiplierX100At(0, GROWTH, Math.floor(ms) - 5)).toBe(199);
    expect(multiplierX100At(0, GROWTH, 10_000)).toBe(Math.floor(100 * Math.exp(0.6)));
  });
  it('counts betting down in whole seconds on the server clock', () => {
    const local = 1_000_000;
    const offset = clockOffset(local + 2500, local); // server 2.5 s ahead
    expect(offset).toBe(2500);
    expect(secondsLeft(local + 2500 + 4200, local + offset)).toBe(5);
    expect(secondsLeft(local, local + offset)).toBe(0);
  });
  it('keeps the offset of the fastest recent response', () => {
    const samples: number[] = [];
    expect(smoothedOffset(samples, 100)).toBe(100);
    expect(smoothedOffset(samples, 40)).toBe(100); // a slow response looks 60 ms behind
    for (let i = 0; i < 8; i++) smoothedOffset(samples, 50);
    expect(smoothedOffset(samples, 60)).toBe(60); // the old sample fell out of the window
  });
  it('formats multipliers', () => {
    expect(formatMultiplier(100)).toBe('1.00x');
    expect(formatMultiplier(1234)).toBe('12.34x');
    expect(formatMultiplier(205)).toBe('2.05x');
  });
  it('draws the curve from the bottom left, inside the box', () => {
    const { points, maxX100 } = curvePoints(GROWTH, 8000, 300, 150);
    const pts = points.split(' ').map((p) => p.split(',').map(Number));
    expect(pts[0]).toEqual([0, 150]);
    for (const [x, y] of pts) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(300);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(150);
    }
    expect(maxX100).toBeGreaterThan(multiplierX100At(0, GROWTH, 8000));
  });
});
