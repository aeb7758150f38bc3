import { describe, expect, it } from 'vitest';
import { formatMerchantTime, merchantDayStart, zoneOffsetMinutes } from './time.js';

describe('merchant time', () => {
  it('formats yyyy-MM-dd HH:mm:ss in the merchant zone', () => {
    expect(formatMerchantTime(new Date('2026-11-23T18:30:05Z'), 'Asia/Dhaka')).toBe('2026-11-24 00:30:05');
    expect(formatMerchantTime('2026-01-02T03:04:05Z', 'UTC')).toBe('2026-01-02 03:04:05');
  });
  it('knows offsets and day starts', () => {
    expect(zoneOffsetMinutes('Asia/Dhaka', new Date('2026-11-23T00:00:00Z'))).toBe(360);
    expect(zoneOffsetMinutes('America/New_York', new Date('2026-07-01T12:00:00Z'))).toBe(-240);
    expect(merchantDayStart('Asia/Dhaka', new Date('2026-11-23T19:00:00Z')).toISOString()).toBe(
      '2026-11-23T18:00:00.000Z',
    );
    expect(merchantDayStart('Asia/Dhaka', new Date('2026-11-23T10:00:00Z'), -6).toISOString()).toBe(
      '2026-11-16T18:00:00.000Z',
    );
  });
});
