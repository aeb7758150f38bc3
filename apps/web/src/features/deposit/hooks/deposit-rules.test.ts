import { describe, expect, it } from 'vitest';
import { depositFee, quickAmounts, returnedOrderNo } from './deposit-rules';

describe('deposit rules', () => {
  it('offers round quick amounts inside the channel limits', () => {
    expect(quickAmounts('100.00', '25000.00')).toEqual([
      '100',
      '200',
      '300',
      '500',
      '1000',
      '2000',
      '5000',
      '10000',
    ]);
    expect(quickAmounts('500', '2000')).toEqual(['500', '1000', '2000']);
    expect(quickAmounts('150.50', '0')).toEqual([
      '200',
      '300',
      '500',
      '1000',
      '2000',
      '5000',
      '10000',
      '20000',
    ]);
    expect(quickAmounts('200000', '300000')).toEqual([]);
  });

  it('computes the fee in the player’s favour and what reaches the wallet', () => {
    expect(depositFee('1000', '0', 0)).toEqual({ fee: '0.00', credit: '1000.00' });
    expect(depositFee('1000', '5.00', 150)).toEqual({ fee: '20.00', credit: '980.00' });
    // 333.33 * 1.5% = 4.99995 -> floored to 4.99
    expect(depositFee('333.33', '0', 150)).toEqual({ fee: '4.99', credit: '328.34' });
    expect(depositFee('', '0', 0)).toBeNull();
    expect(depositFee('0', '0', 0)).toBeNull();
  });

  it('accepts only a well-formed order number on return from the gateway', () => {
    expect(returnedOrderNo(new URLSearchParams('orderNo=D20260101ABC'))).toBe('D20260101ABC');
    expect(returnedOrderNo(new URLSearchParams('orderNo=<script>'))).toBeNull();
    expect(returnedOrderNo(new URLSearchParams(''))).toBeNull();
  });
});
