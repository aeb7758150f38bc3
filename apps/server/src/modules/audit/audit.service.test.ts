import { describe, expect, it } from 'vitest';
import { parseQueryDate, toAuditJson } from './audit.service.js';

describe('audit values', () => {
  it('stores plain JSON: dates as ISO strings, bigints as exact strings, undefined as null', () => {
    expect(toAuditJson(undefined)).toBeNull();
    expect(toAuditJson(null)).toBeNull();
    expect(
      toAuditJson({ at: new Date('2026-01-02T03:04:05Z'), amount: 9007199254740993n, gone: undefined }),
    ).toEqual({ at: '2026-01-02T03:04:05.000Z', amount: '9007199254740993' });
  });

  it('reads plain dates as midnight UTC and date-times as given', () => {
    expect(parseQueryDate(undefined)).toBeUndefined();
    expect(parseQueryDate('2026-03-04')?.toISOString()).toBe('2026-03-04T00:00:00.000Z');
    expect(parseQueryDate('2026-03-04T10:00:00+06:00')?.toISOString()).toBe('2026-03-04T04:00:00.000Z');
  });
});
