import { describe, expect, it } from 'vitest';
import { searchUsesIndex } from './catalogue.repo.js';

describe('which name searches the trigram index answers', () => {
  it('those where pg_trgm finds a trigram in the LIKE pattern', () => {
    for (const q of [
      'pok',
      'poke',
      'n pa',
      'a b',
      'ড্রা',
      'ন্ড',
      'gold rush',
      '7 up',
      'x-ray',
      'ab%',
      'ab-',
      '-a',
    ]) {
      expect(searchUsesIndex(q), q).toBe(true);
    }
  });
  it('not those without one (one or two letters alone): the index would read every entry', () => {
    for (const q of ['p', 'po', 'ক', 'কি', 'a-', '%', '_', '\\', '%%%']) {
      expect(searchUsesIndex(q), q).toBe(false);
    }
  });
});
