import { describe, expect, it } from 'vitest';
import { GAME_SERVER_ERRORS } from '@bp/contract';
import { DICTIONARIES, errorText, langFrom, translator } from './i18n';

describe('i18n', () => {
  it('has the same keys in Bengali and English, none empty', () => {
    expect(Object.keys(DICTIONARIES.bn).sort()).toEqual(Object.keys(DICTIONARIES.en).sort());
    for (const dict of Object.values(DICTIONARIES))
      for (const v of Object.values(dict)) expect(v.trim()).not.toBe('');
  });
  it('uses the same placeholders in both languages', () => {
    const vars = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
    for (const key of Object.keys(DICTIONARIES.en) as (keyof typeof DICTIONARIES.en)[])
      expect(vars(DICTIONARIES.bn[key]), key).toEqual(vars(DICTIONARIES.en[key]));
  });
  it('writes Bengali in Bengali script', () => {
    expect(DICTIONARIES.bn.spin).toMatch(/[\u0980-\u09FF]/);
  });
  it('defaults to Bengali', () => {
    expect(langFrom('?t=x')).toBe('bn');
    expect(langFrom('?lang=en')).toBe('en');
    expect(langFrom('?lang=en-US')).toBe('en');
    expect(langFrom('?lang=xx')).toBe('bn');
  });
  it('fills placeholders', () => {
    expect(translator('en')('freeSpinsLeft', { n: 7 })).toBe('Free spins left: 7');
  });
  it("shows the game server's errors in the contract's words", () => {
    for (const [code, e] of Object.entries(GAME_SERVER_ERRORS)) {
      expect(errorText('bn', code)).toBe(e.bn);
      expect(errorText('en', code)).toBe(e.en);
    }
    expect(errorText('en', 'something_else', 'Server says')).toBe('Server says');
    expect(errorText('en', 'network')).toBe(DICTIONARIES.en.networkError);
  });
});
