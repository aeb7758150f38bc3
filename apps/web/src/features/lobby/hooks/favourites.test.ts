import { describe, expect, it } from 'vitest';
import { createFavouriteThrottle, toggleFavourite } from './favourites';

describe('favourite toggle', () => {
  it('adds once (duplicates ignored) and removes by filtering', () => {
    expect(toggleFavourite([1, 2], 3, true)).toEqual([1, 2, 3]);
    expect(toggleFavourite([1, 2], 2, true)).toEqual([1, 2]);
    expect(toggleFavourite([1, 2, 3], 2, false)).toEqual([1, 3]);
    expect(toggleFavourite([1], 9, false)).toEqual([1]);
  });

  it('lets one toggle through per 1000 ms', () => {
    let now = 10_000;
    const throttle = createFavouriteThrottle(() => now);
    const runs: number[] = [];
    throttle(() => runs.push(1));
    now += 999;
    throttle(() => runs.push(2));
    now += 1;
    throttle(() => runs.push(3));
    expect(runs).toEqual([1, 3]);
  });
});
