import { describe, expect, it } from 'vitest';
import { direction, readFilters, writeFilters } from './report-filters';

const TYPES = ['deposit', 'withdraw', 'bonus'] as const;

describe('report filters in the URL', () => {
  it('reads type, preset and page, with defaults for missing or unknown values', () => {
    expect(readFilters(new URLSearchParams('type=deposit&preset=today&page=3'), TYPES)).toEqual({
      type: 'deposit',
      preset: 'today',
      pageNo: 3,
    });
    expect(readFilters(new URLSearchParams('type=hack&preset=forever&page=-2'), TYPES)).toEqual({
      type: undefined,
      preset: 'last7days',
      pageNo: 1,
    });
    expect(readFilters(new URLSearchParams('page=1.5'), TYPES).pageNo).toBe(1);
  });

  it('resets the page when a filter changes and leaves defaults out', () => {
    const sp = new URLSearchParams('type=deposit&preset=today&page=3&keep=1');
    expect(writeFilters(sp, { preset: 'yesterday' }).toString()).toBe('type=deposit&preset=yesterday&keep=1');
    expect(writeFilters(sp, { type: undefined }).toString()).toBe('preset=today&keep=1');
    expect(writeFilters(sp, { preset: 'last7days' }).toString()).toBe('type=deposit&keep=1');
    expect(writeFilters(sp, { pageNo: 4 }).toString()).toBe('type=deposit&preset=today&page=4&keep=1');
    expect(writeFilters(sp, { pageNo: 1 }).toString()).toBe('type=deposit&preset=today&keep=1');
  });

  it('reads an explicit range only whole and in order', () => {
    expect(readFilters(new URLSearchParams('from=2026-11-01&to=2026-11-20'), TYPES)).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-20',
    });
    expect(readFilters(new URLSearchParams('from=2026-11-20&to=2026-11-01'), TYPES).from).toBeUndefined();
    expect(readFilters(new URLSearchParams('from=2026-11-01'), TYPES).from).toBeUndefined();
    expect(readFilters(new URLSearchParams('from=yesterday&to=2026-11-01'), TYPES).to).toBeUndefined();
  });

  it('keeps either a preset or a range in the URL, never both', () => {
    const sp = new URLSearchParams('preset=today&page=2');
    const ranged = writeFilters(sp, { from: '2026-11-01', to: '2026-11-02' });
    expect(ranged.toString()).toBe('from=2026-11-01&to=2026-11-02');
    expect(writeFilters(ranged, { preset: 'yesterday' }).toString()).toBe('preset=yesterday');
    expect(writeFilters(ranged, { pageNo: 3 }).toString()).toBe('from=2026-11-01&to=2026-11-02&page=3');
  });

  it('tells money in from money out', () => {
    expect(direction('-10.00')).toBe('out');
    expect(direction('10.00')).toBe('in');
    expect(direction('0.00')).toBe('zero');
  });
});
