import { describe, expect, it } from 'vitest';
import { percentOf } from './progress';

describe('percentOf', () => {
  it('floors to whole percent and stops at 100', () => {
    expect(percentOf({ actual: 300, expected: 5000 })).toBe(6);
    expect(percentOf({ actual: 4999.99, expected: 5000 })).toBe(99);
    expect(percentOf({ actual: 12_000, expected: 10_000 })).toBe(100);
  });
  it('counts a target the next rank does not set as reached', () => {
    expect(percentOf({ actual: 0, expected: 0 })).toBe(100);
  });
});
