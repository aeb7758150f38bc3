import { describe, expect, it } from 'vitest';
import { levelAt, monthBounds, nextLevel, rankOf, reaches, type RankThresholds } from './vip.rules.js';

const level = (n: number, t: Partial<Omit<RankThresholds, 'level'>> = {}): RankThresholds => ({
  level: n,
  monthlyDeposit: 0n,
  monthlyTurnover: 0n,
  totalDeposit: 0n,
  totalTurnover: 0n,
  ...t,
});
const figures = (f: Partial<Record<'md' | 'mt' | 'td' | 'tt', bigint>> = {}) => ({
  monthlyDeposit: f.md ?? 0n,
  monthlyTurnover: f.mt ?? 0n,
  totalDeposit: f.td ?? 0n,
  totalTurnover: f.tt ?? 0n,
});

const LEVELS = [
  level(0),
  level(1, { totalTurnover: 100n }),
  level(2, { monthlyDeposit: 500n, monthlyTurnover: 300n, totalTurnover: 5000n, totalDeposit: 2000n }),
  level(4, { totalTurnover: 100_000n }),
];

describe('reaches', () => {
  it('a level without thresholds is reached by everyone', () => {
    expect(reaches(level(0), figures())).toBe(true);
  });
  it('every threshold of the monthly group, or every one of the lifetime group', () => {
    const l = LEVELS[2]!;
    expect(reaches(l, figures({ md: 500n, mt: 300n }))).toBe(true);
    expect(reaches(l, figures({ td: 2000n, tt: 5000n }))).toBe(true);
    // one of each group is not enough
    expect(reaches(l, figures({ md: 500n, tt: 5000n }))).toBe(false);
    expect(reaches(l, figures({ md: 499n, mt: 10_000n, td: 1999n, tt: 1_000_000n }))).toBe(false);
  });
  it('a group with no threshold set is no way up', () => {
    expect(reaches(level(1, { totalTurnover: 100n }), figures({ md: 10n ** 9n, mt: 10n ** 9n }))).toBe(false);
  });
});

describe('rankOf', () => {
  it('is the highest level reached, jumping levels', () => {
    expect(rankOf(LEVELS, figures(), 0)).toBe(0);
    expect(rankOf(LEVELS, figures({ tt: 99n }), 0)).toBe(0);
    expect(rankOf(LEVELS, figures({ tt: 100n }), 0)).toBe(1);
    expect(rankOf(LEVELS, figures({ tt: 100_000n }), 0)).toBe(4);
  });
  it('never goes below the level held', () => {
    expect(rankOf(LEVELS, figures(), 2)).toBe(2);
    expect(rankOf(LEVELS, figures({ tt: 100n }), 4)).toBe(4);
  });
  it('ignores the order levels come in', () => {
    expect(rankOf([...LEVELS].reverse(), figures({ tt: 5000n, td: 2000n }), 0)).toBe(2);
  });
});

describe('nextLevel and levelAt', () => {
  it('next is the lowest level above; none at the top', () => {
    expect(nextLevel(LEVELS, 0)?.level).toBe(1);
    expect(nextLevel(LEVELS, 2)?.level).toBe(4);
    expect(nextLevel(LEVELS, 4)).toBeUndefined();
  });
  it('a held number without a level reads as the level below it', () => {
    expect(levelAt(LEVELS, 3)?.level).toBe(2);
    expect(levelAt(LEVELS, 0)?.level).toBe(0);
    expect(levelAt([level(1)], 0)).toBeUndefined();
  });
});

describe('monthBounds', () => {
  const utcDay = (base: string) => (n: number) => new Date(Date.parse(`${base}T00:00:00Z`) + n * 86_400_000);
  it('spans the calendar month of the date', () => {
    expect(monthBounds('2026-11-26', utcDay('2026-11-26'))).toEqual({
      from: new Date('2026-11-01T00:00:00Z'),
      to: new Date('2026-12-01T00:00:00Z'),
    });
    expect(monthBounds('2028-02-01', utcDay('2028-02-01'))).toEqual({
      from: new Date('2028-02-01T00:00:00Z'),
      to: new Date('2028-03-01T00:00:00Z'),
    });
    expect(monthBounds('2026-12-31', utcDay('2026-12-31')).to).toEqual(new Date('2027-01-01T00:00:00Z'));
  });
});
