import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney } from './index';

describe('formatMoney', () => {
  it('formats minor units with two decimals, separators and the symbol', () => {
    expect(formatMoney(123456)).toBe('৳1,234.56');
    expect(formatMoney(123456n, '$')).toBe('$1,234.56');
    expect(formatMoney(0)).toBe('৳0.00');
    expect(formatMoney(5)).toBe('৳0.05');
    expect(formatMoney(100)).toBe('৳1.00');
    expect(formatMoney(100000000)).toBe('৳1,000,000.00');
  });
  it('keeps a leading minus before the symbol', () => {
    expect(formatMoney(-123456)).toBe('-৳1,234.56');
  });
  it('is exact beyond the float range', () => {
    expect(formatMoney(123456789012345678901n)).toBe('৳1,234,567,890,123,456,789.01');
  });
  it('refuses fractional minor units', () => {
    expect(() => formatMoney(1.5)).toThrow(RangeError);
  });
});

describe('formatDateTime', () => {
  it('formats yyyy-MM-dd HH:mm:ss in a time zone', () => {
    const d = new Date('2026-01-02T03:04:05Z');
    expect(formatDateTime(d, 'UTC')).toBe('2026-01-02 03:04:05');
    expect(formatDateTime(d, 'Asia/Dhaka')).toBe('2026-01-02 09:04:05');
    expect(formatDateTime('2026-12-31T23:00:00Z', 'Asia/Dhaka')).toBe('2027-01-01 05:00:00');
  });
  it('uses a 24-hour clock with midnight as 00', () => {
    expect(formatDateTime('2026-05-05T00:00:00Z', 'UTC')).toBe('2026-05-05 00:00:00');
    expect(formatDateTime('2026-05-05T13:00:00Z', 'UTC')).toBe('2026-05-05 13:00:00');
  });
  it('returns an empty string for an invalid date and formats the date part', () => {
    expect(formatDateTime('nope')).toBe('');
    expect(formatDate('2026-01-02T03:04:05Z', 'UTC')).toBe('2026-01-02');
  });
});
