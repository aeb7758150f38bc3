import { describe, expect, it } from 'vitest';
import { checkTransferAmount } from './transfer.service.js';

describe('checkTransferAmount', () => {
  const limits = { min: 500n, max: 10_000n, dailyMax: 20_000n };
  it('accepts amounts within the limits and the day’s remainder', () => {
    expect(checkTransferAmount(500n, limits, 0n)).toBeNull();
    expect(checkTransferAmount(10_000n, limits, 10_000n)).toBeNull();
  });
  it('names the limit an amount breaks', () => {
    expect(checkTransferAmount(0n, limits, 0n)).toBe('amount_invalid');
    expect(checkTransferAmount(499n, limits, 0n)).toBe('transfer_amount_below_min');
    expect(checkTransferAmount(10_001n, limits, 0n)).toBe('transfer_amount_above_max');
    expect(checkTransferAmount(500n, limits, 19_501n)).toBe('transfer_daily_limit');
  });
});
