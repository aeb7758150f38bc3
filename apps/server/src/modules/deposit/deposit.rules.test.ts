import { describe, expect, it } from 'vitest';
import { DEPOSIT_RECEIPT_MAX_BYTES } from '@bp/contract';
import { decodeReceipt, depositCredit, depositFee, newOrderNo } from './deposit.rules.js';

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);

describe('deposit fee (charged to the member)', () => {
  it('adds the fixed part and the floored percentage', () => {
    expect(depositFee(10_000n, { fixed: 0n, bps: 0 })).toBe(0n);
    expect(depositFee(10_000n, { fixed: 50n, bps: 0 })).toBe(50n);
    expect(depositFee(10_000n, { fixed: 0n, bps: 150 })).toBe(150n);
    // 1.5% of 99.99 = 1.49985 -> floored to 1.49 in the player's favour
    expect(depositFee(9_999n, { fixed: 0n, bps: 150 })).toBe(149n);
    expect(depositFee(9_999n, { fixed: 100n, bps: 150 })).toBe(249n);
  });

  it('credits amount minus fee, which may be zero or less for a tiny amount', () => {
    expect(depositCredit(10_000n, { fixed: 100n, bps: 100 })).toBe(9_800n);
    expect(depositCredit(100n, { fixed: 100n, bps: 0 })).toBe(0n);
  });
});

describe('order numbers', () => {
  it('are D + UTC date + 12 hex digits and differ each time', () => {
    const a = newOrderNo(new Date('2026-11-22T23:59:00Z'));
    expect(a).toMatch(/^D20261122[0-9A-F]{12}$/);
    expect(newOrderNo(new Date())).not.toBe(newOrderNo(new Date()));
  });
});

describe('receipt images are recognised by content', () => {
  it('accepts PNG and JPEG, bare or as a data URL, whatever the URL claims', () => {
    const png = Buffer.concat([PNG_HEAD, Buffer.alloc(100, 1)]);
    expect(decodeReceipt(png.toString('base64'))).toMatchObject({ contentType: 'image/png' });
    expect(decodeReceipt(`data:image/jpeg;base64,${png.toString('base64')}`)).toMatchObject({
      contentType: 'image/png',
    });
    const jpg = Buffer.concat([JPEG_HEAD, Buffer.alloc(100, 2)]);
    const got = decodeReceipt(`data:image/png;base64,${jpg.toString('base64')}`);
    expect(got?.contentType).toBe('image/jpeg');
    expect(got?.data.equals(jpg)).toBe(true);
  });

  it('refuses other content, broken base64, empty and oversized images', () => {
    expect(decodeReceipt(Buffer.from('GIF89a-not-allowed').toString('base64'))).toBeUndefined();
    expect(decodeReceipt(Buffer.from('%PDF-1.7 something').toString('base64'))).toBeUndefined();
    expect(decodeReceipt('not base64 at all!')).toBeUndefined();
    expect(decodeReceipt('abc')).toBeUndefined();
    expect(decodeReceipt('')).toBeUndefined();
    expect(decodeReceipt(PNG_HEAD.subarray(0, 8).toString('base64'))).toBeUndefined();
    const big = Buffer.concat([PNG_HEAD, Buffer.alloc(DEPOSIT_RECEIPT_MAX_BYTES, 0)]);
    expect(decodeReceipt(big.toString('base64'))).toBeUndefined();
    const max = Buffer.concat([PNG_HEAD, Buffer.alloc(DEPOSIT_RECEIPT_MAX_BYTES - PNG_HEAD.length, 0)]);
    expect(decodeReceipt(max.toString('base64'))?.data.length).toBe(DEPOSIT_RECEIPT_MAX_BYTES);
  });
});
