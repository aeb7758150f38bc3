import { describe, expect, it } from 'vitest';
import { checkAmount, decimalToMinor, formatAmount, isPositive } from './amount';

describe('formatAmount (decimal text from the API)', () => {
  it('shows two decimals, thousands separators and the symbol', () => {
    expect(formatAmount('1234.5', '৳')).toBe('৳1,234.50');
    expect(formatAmount('1234567.89', '৳')).toBe('৳1,234,567.89');
    expect(formatAmount('0', '৳')).toBe('৳0.00');
    expect(formatAmount('100', '')).toBe('100.00');
    expect(formatAmount('999.999', '$')).toBe('$999.99');
  });
  it('keeps the minus before the symbol and is exact beyond float precision', () => {
    expect(formatAmount('-12.05', '৳')).toBe('-৳12.05');
    expect(formatAmount('90071992547409931.17', '৳')).toBe('৳90,071,992,547,409,931.17');
    expect(formatAmount('0.30', '')).toBe('0.30');
  });
  it('answers "-" for something that is not a number', () => {
    expect(formatAmount('abc', '৳')).toBe('-');
    expect(formatAmount(null, '৳')).toBe('-');
    expect(formatAmount('1e5', '৳')).toBe('-');
    expect(formatAmount('', '৳')).toBe('-');
  });
  it('converts to minor units exactly', () => {
    expect(decimalToMinor('12.3')).toBe(1230n);
    expect(decimalToMinor('-0.01')).toBe(-1n);
    expect(decimalToMinor('x')).toBeNull();
    expect(isPositive('0.00')).toBe(false);
    expect(isPositive('0.01')).toBe(true);
    expect(isPositive(null)).toBe(false);
  });
});

describe('checkAmount', () => {
  const rules = { min: '100.00', max: '25000.00', balance: '3000.50' };
  it('accepts an amount inside the bounds and the balance', () => {
    expect(checkAmount('100', rules)).toBeNull();
    expect(checkAmount('3000.50', rules)).toBeNull();
    expect(checkAmount(' 250.5 ', rules)).toBeNull();
  });
  it('names the first problem', () => {
    expect(checkAmount('', rules)).toBe('required');
    expect(checkAmount('12a', rules)).toBe('format');
    expect(checkAmount('-5', rules)).toBe('format');
    expect(checkAmount('0', rules)).toBe('format');
    expect(checkAmount('10.001', rules)).toBe('decimals');
    expect(checkAmount('10.100', rules)).toBe('min');
    expect(checkAmount('99.99', rules)).toBe('min');
    expect(checkAmount('25000.01', { ...rules, balance: null })).toBe('max');
    expect(checkAmount('3000.51', rules)).toBe('balance');
  });
  it('treats a zero or missing maximum as no maximum', () => {
    expect(checkAmount('99999999', { max: '0' })).toBeNull();
    expect(checkAmount('99999999', {})).toBeNull();
  });
  it('honours the merchant decimals', () => {
    expect(checkAmount('10.5', { decimals: 0 })).toBe('decimals');
    expect(checkAmount('10.0', { decimals: 0 })).toBeNull();
  });
});
