import { describe, expect, it } from 'vitest';
import { translator } from '../lib/i18n';
import { localSummary } from './history-summary';

describe('history lines', () => {
  it('translates the shapes the server writes', () => {
    const bn = translator('bn');
    const en = translator('en');
    expect(localSummary('3 line wins', en)).toBe('3 line wins');
    expect(localSummary('0 line wins', bn)).toBe('0টি লাইনে জয়');
    expect(localSummary('free spin', bn)).toBe('ফ্রি স্পিন');
    expect(localSummary('cashed out 1.50x', en)).toBe('Cashed out at 1.50x');
    expect(localSummary('crashed', bn)).toBe('ক্র্যাশ হয়েছে');
    expect(localSummary('banker', en)).toBe('Banker wins');
    expect(localSummary('tie', bn)).toBe('টাই');
  });
  it('keeps anything else as it came', () => {
    expect(localSummary('12.34 > 50.00', translator('bn'))).toBe('12.34 > 50.00');
  });
});
