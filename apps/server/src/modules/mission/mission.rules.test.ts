import { describe, expect, it } from 'vitest';
import { maskName, percentOf, periodDays } from './mission.rules.js';

describe('mission rules', () => {
  it('periods: the day, or the week from Monday to the next Monday', () => {
    expect(periodDays('DAILY', '2026-11-30')).toEqual({ fromDay: '2026-11-30', toDay: '2026-12-01' });
    // 2026-11-26 is a Thursday; 2026-11-29 a Sunday
    expect(periodDays('WEEKLY', '2026-11-26')).toEqual({ fromDay: '2026-11-23', toDay: '2026-11-30' });
    expect(periodDays('WEEKLY', '2026-11-29')).toEqual({ fromDay: '2026-11-23', toDay: '2026-11-30' });
    expect(periodDays('WEEKLY', '2026-11-30')).toEqual({ fromDay: '2026-11-30', toDay: '2026-12-07' });
  });

  it('percent rounds down and reaches 100 only when met', () => {
    expect(percentOf(0n, 100n)).toBe(0);
    expect(percentOf(99_999n, 100_000n)).toBe(99.99);
    expect(percentOf(100n, 100n)).toBe(100);
    expect(percentOf(500n, 100n)).toBe(100);
  });

  it('masks names, keeping only their ends', () => {
    expect(maskName('rahim12345')).toBe('ra***45');
    expect(maskName('abcde')).toBe('a***e');
    expect(maskName('ab')).toBe('a***');
    expect(maskName('')).toBe('***');
  });
});
