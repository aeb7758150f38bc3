import { describe, expect, it } from 'vitest';
import { readBettingFilters, writeBettingFilters } from './betting-filters';

describe('betting record filters in the URL', () => {
  it('reads game type, vendor and status; unknown values are dropped', () => {
    expect(readBettingFilters(new URLSearchParams('gameType=RNG&vendor=PG&status=settled'))).toEqual({
      gameType: 'RNG',
      vendor: 'PG',
      status: 'settled',
    });
    expect(readBettingFilters(new URLSearchParams('gameType=rng&vendor=P%20G&status=won'))).toEqual({
      gameType: undefined,
      vendor: undefined,
      status: undefined,
    });
  });

  it('starts again at page 1 and keeps the period', () => {
    const sp = new URLSearchParams('preset=today&vendor=PG&page=3');
    expect(writeBettingFilters(sp, { vendor: 'JL' }).toString()).toBe('preset=today&vendor=JL');
    expect(writeBettingFilters(sp, { vendor: undefined, status: 'unsettled' }).toString()).toBe(
      'preset=today&status=unsettled',
    );
  });
});
