import { describe, expect, it } from 'vitest';
import { createThrottle } from './throttle';

describe('createThrottle', () => {
  it('runs the first call and drops calls within the interval', () => {
    let now = 0;
    const throttle = createThrottle(1000, () => now);
    let runs = 0;
    const run = () => ++runs;
    expect(throttle(run)).toBe(1);
    now = 999;
    expect(throttle(run)).toBeUndefined();
    now = 1000;
    expect(throttle(run)).toBe(2);
    expect(runs).toBe(2);
  });
});
