import { describe, expect, it } from 'vitest';
import { displayAmount, formatAmount, parseAmount } from './money.js';

describe('amounts', () => {
  it('parses decimal strings to exact minor units', () => {
    expect(parseAmount('100.00')).toBe(10000);
    expect(parseAmount('100')).toBe(10000);
    expect(parseAmount('0.1')).toBe(10);
    expect(parseAmount('0.01')).toBe(1);
    expect(parseAmount('1234567.89')).toBe(123456789);
    // 0.1 + 0.2 style float drift cannot happen: digits are read, never multiplied as floats
    expect(parseAmount('9999999999999.99')).toBe(999999999999999);
  });

  it('rejects zero, negatives, more than two decimals, numbers and junk', () => {
    for (const bad of [
      '0',
      '0.00',
      '-1.00',
      '1.001',
      '1.',
      '.5',
      '1e3',
      ' 1.00',
      '1,000.00',
      '',
      '10000000000000',
    ]) {
      expect(parseAmount(bad), bad).toBeUndefined();
    }
    expect(parseAmount(100)).toBeUndefined();
    expect(parseAmount(null)).toBeUndefined();
  });

  it('formats back to two decimals, with grouping for display', () => {
    expect(formatAmount(10000)).toBe('100.00');
    expect(formatAmount(5)).toBe('0.05');
    expect(formatAmount(999999999999999)).toBe('9999999999999.99');
    expect(displayAmount(123456789)).toBe('1,234,567.89');
    expect(displayAmount(99)).toBe('0.99');
  });
});
