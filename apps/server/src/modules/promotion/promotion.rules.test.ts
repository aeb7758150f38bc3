import { describe, expect, it } from 'vitest';
import {
  betVolumeOf,
  betVolumePeriodAt,
  bonusFor,
  finishedBetVolumePeriods,
  lastFinishedBetVolumePeriod,
  bonusShareOfWin,
  wageringProgress,
  percentToBp,
  progressPercent,
  remainingTurnover,
  requiredTurnover,
  statusOf,
  type RewardRule,
} from './promotion.rules.js';

const percent: RewardRule = {
  rewardKind: 'PERCENT',
  rewardAmount: null,
  rewardBp: 10_000,
  rewardCap: 500_00n,
  wageringX100: 1000,
  wageringBase: 'BONUS',
};

describe('bonus arithmetic (bigint minor units)', () => {
  it('pays a share of the deposit, rounded down, up to the cap', () => {
    expect(bonusFor(percent, 200_00n)).toBe(200_00n);
    expect(bonusFor(percent, 900_00n)).toBe(500_00n);
    expect(bonusFor({ ...percent, rewardBp: 3333 }, 100n)).toBe(33n);
    expect(bonusFor({ ...percent, rewardBp: 1 }, 99n)).toBe(0n);
  });
  it('pays a fixed amount whatever the deposit', () => {
    expect(bonusFor({ ...percent, rewardKind: 'FIXED', rewardAmount: 88_00n }, 0n)).toBe(88_00n);
  });
  it('asks the multiple of the bonus, or of bonus + deposit, rounded up', () => {
    expect(requiredTurnover(percent, 200_00n, 200_00n)).toBe(2000_00n);
    expect(requiredTurnover({ ...percent, wageringBase: 'BONUS_DEPOSIT' }, 200_00n, 300_00n)).toBe(5000_00n);
    // 1.5 x 101 minor units = 151.5: the member bets 152
    expect(requiredTurnover({ ...percent, wageringX100: 150 }, 101n, 0n)).toBe(152n);
    expect(requiredTurnover({ ...percent, wageringX100: 0 }, 100n, 0n)).toBe(0n);
    // amounts past 2^53 stay exact
    expect(requiredTurnover(percent, 9_007_199_254_740_993n, 0n)).toBe(90_071_992_547_409_930n);
  });
  it('never leaves a negative remainder', () => {
    expect(remainingTurnover(1000n, 400n)).toBe(600n);
    expect(remainingTurnover(1000n, 1000n)).toBe(0n);
    expect(remainingTurnover(1000n, 5000n)).toBe(0n);
  });
  it('reads percents with two decimals exactly', () => {
    expect(percentToBp(12.34)).toBe(1234);
    expect(percentToBp(100)).toBe(10_000);
    expect(percentToBp(0.01)).toBe(1);
  });
});

describe('SPEC 4 activity statuses', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const base = { startAt: null, endAt: null, trigger: 'FIRST_DEPOSIT' as const, claim: null, now };
  it('follows the claim once there is one', () => {
    expect(statusOf({ ...base, claim: 'JOINED' })).toBe('Joined');
    expect(statusOf({ ...base, claim: 'ACTIVE' })).toBe('Process');
    expect(statusOf({ ...base, claim: 'CONVERTED' })).toBe('Claimed');
    expect(statusOf({ ...base, claim: 'FORFEITED' })).toBe('Close');
  });
  it('closes a joined first-deposit claim once the first deposit went by without it, or the promotion ended', () => {
    expect(statusOf({ ...base, claim: 'JOINED', deposited: false })).toBe('Joined');
    expect(statusOf({ ...base, claim: 'JOINED', deposited: true })).toBe('Close');
    expect(statusOf({ ...base, trigger: 'CLAIM', claim: 'JOINED', deposited: true })).toBe('Joined');
    expect(statusOf({ ...base, claim: 'JOINED', endAt: now })).toBe('Close');
  });
  it('follows the window and the trigger otherwise', () => {
    expect(statusOf({ ...base, startAt: new Date('2026-11-27T00:00:00Z') })).toBe('coming soon');
    expect(statusOf({ ...base, endAt: now })).toBe('Close');
    expect(statusOf(base)).toBe('Join');
    expect(statusOf({ ...base, deposited: true })).toBe('Close');
    expect(statusOf({ ...base, trigger: 'CLAIM', deposited: true })).toBe('Claim');
    expect(statusOf({ ...base, trigger: 'SIGN_UP' })).toBe('Join');
    expect(statusOf({ ...base, trigger: 'SIGN_UP', member: true })).toBe('Close');
  });
});

describe('wagering progress in percent', () => {
  it('rounds down to two decimals, 100 only once met or converted, 0 with nothing to bet', () => {
    expect(progressPercent('ACTIVE', 600_00n, 250_00n)).toBe(41.66);
    expect(progressPercent('ACTIVE', 600_00n, 599_99n)).toBe(99.99);
    expect(progressPercent('ACTIVE', 600_00n, 900_00n)).toBe(100);
    expect(progressPercent('CONVERTED', 0n, 0n)).toBe(100);
    expect(progressPercent('JOINED', 0n, 0n)).toBe(0);
    expect(progressPercent('FORFEITED', 300_00n, 0n)).toBe(0);
  });
});

describe('bonus play rules', () => {
  it('counts each game type at its percent, unlisted types at 100 %, rounded down per type', () => {
    const byType = new Map([
      ['RNG', 1_000n],
      ['LIVE', 999n],
      ['', 50n],
    ]);
    expect(wageringProgress(byType, { RNG: 100, LIVE: 10 })).toBe(1_000n + 99n + 50n);
    expect(wageringProgress(byType, { RNG: 0 })).toBe(999n + 50n);
  });

  it("gives the bonus account a win's share in proportion to the bonus stake, rounded up", () => {
    expect(bonusShareOfWin(6_001n, 12_000n, 2_000n)).toBe(1_001n);
    expect(bonusShareOfWin(100n, 100n, 0n)).toBe(0n);
    expect(bonusShareOfWin(100n, 100n, 100n)).toBe(100n);
    expect(bonusShareOfWin(1n, 3n, 1n)).toBe(1n);
  });

  it('deposit triggers are Joined for members while they run; a bonus code is claimed', () => {
    const now = new Date('2026-11-26T00:00:00Z');
    const base = { startAt: null, endAt: null, now, member: true };
    expect(statusOf({ ...base, trigger: 'DEPOSIT_OVER', claim: 'CONVERTED' })).toBe('Joined');
    expect(statusOf({ ...base, trigger: 'NTH_DEPOSIT', claim: null })).toBe('Joined');
    expect(statusOf({ ...base, trigger: 'NTH_DEPOSIT', claim: 'ACTIVE' })).toBe('Process');
    expect(statusOf({ ...base, trigger: 'BONUS_CODE', claim: null })).toBe('Claim');
    expect(statusOf({ ...base, trigger: 'BONUS_CODE', claim: null, endAt: now })).toBe('Close');
  });
});

describe('APPLICATION promotions', () => {
  const base = { startAt: null, endAt: null, trigger: 'APPLICATION' as const, now: new Date(), member: true };
  it('show Join, then Applying or Rejected by the latest application, then the claim', () => {
    expect(statusOf({ ...base, claim: null })).toBe('Join');
    expect(statusOf({ ...base, claim: null, application: 'APPLYING' })).toBe('Applying');
    expect(statusOf({ ...base, claim: null, application: 'REJECTED' })).toBe('Rejected');
    expect(statusOf({ ...base, claim: 'ACTIVE', application: 'APPROVED' })).toBe('Process');
    expect(statusOf({ ...base, claim: 'CONVERTED', application: 'APPROVED' })).toBe('Claimed');
  });
});

describe('betVolumePeriodAt', () => {
  const base = { startAt: null, endAt: null, createdAt: new Date('2026-01-01T00:00:00Z') };
  // Asia/Dhaka is UTC+6: the merchant day 2026-03-04 (a Wednesday) runs from 2026-03-03T18:00Z
  const at = new Date('2026-03-04T10:00:00Z');
  it('a merchant day, from its midnight to the next', () => {
    expect(betVolumePeriodAt({ ...base, betVolumePeriod: 'DAILY' }, 'Asia/Dhaka', at)).toEqual({
      occurrence: 'day:2026-03-04',
      since: new Date('2026-03-03T18:00:00Z'),
      end: new Date('2026-03-04T18:00:00Z'),
    });
    // 23:59:59 UTC is already the next merchant day
    expect(
      betVolumePeriodAt({ ...base, betVolumePeriod: 'DAILY' }, 'Asia/Dhaka', new Date('2026-03-04T18:00:00Z'))
        .occurrence,
    ).toBe('day:2026-03-05');
  });
  it('a merchant week from Monday, never before the promotion starts nor after it ends', () => {
    expect(betVolumePeriodAt({ ...base, betVolumePeriod: 'WEEKLY' }, 'Asia/Dhaka', at)).toEqual({
      occurrence: 'week:2026-03-02',
      since: new Date('2026-03-01T18:00:00Z'),
      end: new Date('2026-03-08T18:00:00Z'),
    });
    const startAt = new Date('2026-03-03T00:00:00Z');
    const endAt = new Date('2026-03-05T00:00:00Z');
    expect(
      betVolumePeriodAt({ ...base, startAt, endAt, betVolumePeriod: 'WEEKLY' }, 'Asia/Dhaka', at),
    ).toEqual({
      occurrence: 'week:2026-03-02',
      since: startAt,
      end: endAt,
    });
  });
  it('the whole schedule: one occurrence from the start (or creation)', () => {
    expect(betVolumePeriodAt({ ...base, betVolumePeriod: 'SCHEDULE' }, 'Asia/Dhaka', at)).toEqual({
      occurrence: '',
      since: base.createdAt,
      end: null,
    });
  });
  it('sums the listed game types only (none listed: all)', () => {
    const m = new Map([
      ['RNG', 5n],
      ['LIVE', 7n],
      ['', 1n],
    ]);
    expect(betVolumeOf(m, [])).toBe(13n);
    expect(betVolumeOf(m, ['RNG', 'FISH'])).toBe(5n);
  });
});

describe('lastFinishedBetVolumePeriod (the job of autoGrant)', () => {
  const base = { startAt: null, endAt: null, createdAt: new Date('2026-01-01T00:00:00Z') };
  const at = new Date('2026-03-04T10:00:00Z');
  it('the merchant day or week before the current one', () => {
    expect(lastFinishedBetVolumePeriod({ ...base, betVolumePeriod: 'DAILY' }, 'Asia/Dhaka', at)).toEqual({
      occurrence: 'day:2026-03-03',
      since: new Date('2026-03-02T18:00:00Z'),
      end: new Date('2026-03-03T18:00:00Z'),
    });
    // at the day's first instant, the day before has just ended
    expect(
      lastFinishedBetVolumePeriod(
        { ...base, betVolumePeriod: 'DAILY' },
        'Asia/Dhaka',
        new Date('2026-03-03T18:00:00Z'),
      )?.occurrence,
    ).toBe('day:2026-03-03');
    expect(lastFinishedBetVolumePeriod({ ...base, betVolumePeriod: 'WEEKLY' }, 'Asia/Dhaka', at)).toEqual({
      occurrence: 'week:2026-02-23',
      since: new Date('2026-02-22T18:00:00Z'),
      end: new Date('2026-03-01T18:00:00Z'),
    });
  });
  it("the period the promotion's end cut short; none before it started", () => {
    const endAt = new Date('2026-03-04T06:00:00Z');
    expect(
      lastFinishedBetVolumePeriod({ ...base, endAt, betVolumePeriod: 'DAILY' }, 'Asia/Dhaka', at),
    ).toEqual({ occurrence: 'day:2026-03-04', since: new Date('2026-03-03T18:00:00Z'), end: endAt });
    const startAt = new Date('2026-03-04T01:00:00Z');
    expect(
      lastFinishedBetVolumePeriod({ ...base, startAt, betVolumePeriod: 'DAILY' }, 'Asia/Dhaka', at),
    ).toBeUndefined();
  });
  it('the whole schedule once the promotion has ended, not before', () => {
    expect(
      lastFinishedBetVolumePeriod({ ...base, betVolumePeriod: 'SCHEDULE' }, 'Asia/Dhaka', at),
    ).toBeUndefined();
    const endAt = new Date('2026-03-04T00:00:00Z');
    expect(
      lastFinishedBetVolumePeriod({ ...base, endAt, betVolumePeriod: 'SCHEDULE' }, 'Asia/Dhaka', at),
    ).toEqual({ occurrence: '', since: base.createdAt, end: endAt });
    expect(
      lastFinishedBetVolumePeriod(
        { ...base, endAt: new Date('2026-03-05T00:00:00Z'), betVolumePeriod: 'SCHEDULE' },
        'Asia/Dhaka',
        at,
      ),
    ).toBeUndefined();
  });
});

describe('finishedBetVolumePeriods (every period the job may still owe)', () => {
  const base = { startAt: null, endAt: null, createdAt: new Date('2026-01-01T00:00:00Z') };
  const at = new Date('2026-03-04T10:00:00Z');
  const occurrences = (p: Parameters<typeof finishedBetVolumePeriods>[0], after: Date) =>
    finishedBetVolumePeriods(p, 'Asia/Dhaka', at, after).map((x) => x.occurrence);
  it('the days that ended after `after`, oldest first, each the day lastFinishedBetVolumePeriod names', () => {
    const daily = { ...base, betVolumePeriod: 'DAILY' as const };
    expect(occurrences(daily, new Date('2026-02-28T18:00:00Z'))).toEqual([
      'day:2026-03-01',
      'day:2026-03-02',
      'day:2026-03-03',
    ]);
    const periods = finishedBetVolumePeriods(daily, 'Asia/Dhaka', at, new Date('2026-03-01T18:00:00Z'));
    expect(periods.at(-1)).toEqual(lastFinishedBetVolumePeriod(daily, 'Asia/Dhaka', at));
    // back to back, nothing missed
    expect(periods[0]!.end).toEqual(periods[1]!.since);
    // none ended after it: nothing owed
    expect(occurrences(daily, new Date('2026-03-03T18:00:00Z'))).toEqual([]);
    expect(
      finishedBetVolumePeriods(daily, 'Asia/Dhaka', at, new Date('2026-01-01T00:00:00Z'), 5),
    ).toHaveLength(5);
  });
  it('weeks; never before the promotion started; the last day its end cut short', () => {
    expect(occurrences({ ...base, betVolumePeriod: 'WEEKLY' }, new Date('2026-02-10T00:00:00Z'))).toEqual([
      'week:2026-02-09',
      'week:2026-02-16',
      'week:2026-02-23',
    ]);
    const startAt = new Date('2026-03-02T06:00:00Z');
    const started = finishedBetVolumePeriods(
      { ...base, startAt, betVolumePeriod: 'DAILY' },
      'Asia/Dhaka',
      at,
      new Date('2026-02-20T00:00:00Z'),
    );
    expect(started.map((x) => x.occurrence)).toEqual(['day:2026-03-02', 'day:2026-03-03']);
    expect(started[0]!.since).toEqual(startAt);
    const endAt = new Date('2026-03-04T06:00:00Z');
    expect(
      occurrences({ ...base, endAt, betVolumePeriod: 'DAILY' }, new Date('2026-03-02T18:00:00Z')),
    ).toEqual(['day:2026-03-03', 'day:2026-03-04']);
    // a schedule is one period, once the promotion has ended
    expect(
      occurrences({ ...base, endAt, betVolumePeriod: 'SCHEDULE' }, new Date('2026-02-01T00:00:00Z')),
    ).toEqual(['']);
  });
});
