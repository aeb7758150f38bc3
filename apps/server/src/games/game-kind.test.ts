import { describe, expect, it } from 'vitest';
import type { TGameClassify, TGameType } from '@bp/contract';
import { gameKindOf } from './game-kind.js';

const g = (gameType: TGameType, gameClassify: TGameClassify | null, en: string, bn = '', gameCode = 'X001') =>
  gameKindOf({ gameType, gameClassify, gameCode, names: { EN: en, BN: bn } });

describe('catalogue game -> built-in engine', () => {
  it('plays crash games as crash', () => {
    expect(g('RNG', 'Crash', 'Aviator')).toEqual({ kind: 'crash' });
  });

  it('plays two-sided games as dragon tiger under their own theme', () => {
    expect(g('COCKFIGHT', null, 'SV388 Cockfight Arena')).toEqual({
      kind: 'dragonTiger',
      theme: 'cockfight',
    });
    expect(g('SPORTS', null, 'Sportsbook')).toEqual({ kind: 'dragonTiger', theme: 'sports' });
    expect(g('ESPORTS', null, 'Esports')).toEqual({ kind: 'dragonTiger', theme: 'esports' });
    expect(g('LIVE', null, 'Dragon Tiger 3')).toEqual({ kind: 'dragonTiger', theme: 'dragonTiger' });
    expect(g('RNG', 'TG', 'Whatever', 'ড্রাগন টাইগার')).toEqual({ kind: 'dragonTiger', theme: 'dragonTiger' });
  });

  it('keeps slots named after a dragon or a tiger alone as slots', () => {
    expect(g('RNG', null, 'Golden Dragon')).toEqual({ kind: 'slot' });
    expect(g('RNG', null, 'Tiger Fortune', 'বাঘ ভাগ্য')).toEqual({ kind: 'slot' });
  });

  it('plays live, PvP and table games as baccarat', () => {
    expect(g('LIVE', null, 'Lightning Roulette')).toEqual({ kind: 'baccarat' });
    expect(g('PVP', null, 'Teen Patti')).toEqual({ kind: 'baccarat' });
    expect(g('RNG', 'Table', 'Rummy')).toEqual({ kind: 'baccarat' });
    expect(g('RNG', 'TG', 'Speed Baccarat')).toEqual({ kind: 'baccarat' });
  });

  it('plays video poker, table, bingo and arcade sub-types as dice', () => {
    for (const c of ['VP', 'TG', 'BG', 'AC', 'Arcade'] as const)
      expect(g('RNG', c, 'Plinko')).toEqual({ kind: 'dice' });
  });

  it('plays everything else as a slot', () => {
    for (const [t, c] of [
      ['RNG', null],
      ['RNG', 'SC'],
      ['RNG', 'JP'],
      ['RNG', 'Jackpot'],
      ['FISH', null],
      ['LOTT', null],
      ['ELOTT', null],
    ] as const) {
      expect(g(t, c, 'Lucky Panda')).toEqual({ kind: 'slot' });
    }
  });
});
