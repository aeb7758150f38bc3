import { describe, expect, it } from 'vitest';
import { formatMoney, formatX10000, fromCents, sumMoney, toCents } from './money';

describe('money', () => {
  it('formats with the symbol, two decimals and thousands separators', () => {
    expect(formatMoney('1234567.5', '৳')).toBe('৳1,234,567.50');
    expect(formatMoney('0', '৳')).toBe('৳0.00');
    expect(formatMoney('999.99')).toBe('999.99');
    expect(formatMoney('1000')).toBe('1,000.00');
    expect(formatMoney('-2500.1', '$')).toBe('-$2,500.10');
  });
  it('cuts extra decimals instead of rounding up money the player does not have', () => {
    expect(formatMoney('10.999')).toBe('10.99');
    expect(toCents('0.019')).toBe(1n);
  });
  it('adds in integer cents', () => {
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney(['10000.00', '-0.01'])).toBe('9999.99');
    expect(fromCents(toCents('-12.05'))).toBe('-12.05');
    expect(toCents('junk')).toBe(0n);
  });
  it('shows x10000 multipliers with two decimals, floored', () => {
    expect(formatX10000(19800)).toBe('1.98');
    expect(formatX10000(990000)).toBe('99.00');
    expect(formatX10000(10199)).toBe('1.01');
  });
});
