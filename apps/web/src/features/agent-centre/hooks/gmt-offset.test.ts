import { describe, expect, it } from 'vitest';
import { gmtOffset } from './gmt-offset';

describe('gmtOffset', () => {
  it('names whole, half-hour and negative offsets as the header shows them', () => {
    const at = new Date('2026-01-15T12:00:00Z');
    expect(gmtOffset('Asia/Dhaka', at)).toBe('GMT+6');
    expect(gmtOffset('Asia/Kolkata', at)).toBe('GMT+5:30');
    expect(gmtOffset('America/Sao_Paulo', at)).toBe('GMT-3');
    expect(gmtOffset('UTC', at)).toBe('GMT+0');
  });

  it('follows daylight saving and reads GMT+0 for an unknown zone', () => {
    expect(gmtOffset('Europe/London', new Date('2026-07-01T12:00:00Z'))).toBe('GMT+1');
    expect(gmtOffset('Europe/London', new Date('2026-01-01T12:00:00Z'))).toBe('GMT+0');
    expect(gmtOffset('Not/AZone')).toBe('GMT+0');
  });
});
