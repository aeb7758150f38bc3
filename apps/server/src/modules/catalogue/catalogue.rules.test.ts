import { describe, expect, it } from 'vitest';
import { createQueryCache } from './catalogue.cache.js';
import { gameIconSvg, initialsOf } from './catalogue.icons.js';
import { normaliseSearch, searchTextOf } from './catalogue.import.js';
import { maskUsername, nameIn } from '../../platform/names.js';

describe('names and search text', () => {
  it('falls back from the language to English to any name', () => {
    expect(nameIn({ EN: 'Gold', BN: 'সোনা' }, 'BN')).toBe('সোনা');
    expect(nameIn({ EN: 'Gold', BN: 'সোনা' }, 'TH')).toBe('Gold');
    expect(nameIn({ BN: 'সোনা' }, 'EN')).toBe('সোনা');
  });

  it('searches every language, case-insensitively, in one normal form', () => {
    const text = searchTextOf({ EN: 'Golden Dragon', BN: 'সোনালী ড্রাগন' });
    expect(text).toBe('golden dragon\nসোনালী ড্রাগন');
    expect(text.includes(normaliseSearch('  DRAGON '))).toBe(true);
    // a decomposed Bengali vowel sign (ো as ে + া) finds the composed name
    expect(searchTextOf({ BN: 'কোক্কা' }).includes(normaliseSearch('কে\u09BEক্কা'))).toBe(true);
  });
});

describe('winner names', () => {
  it('masks the middle of the username', () => {
    expect(maskUsername('demo01')).toBe('de***01');
    expect(maskUsername('abcd')).toBe('a***d');
    expect(maskUsername('ab')).toBe('a***');
    // by code point, so a Bengali name is cut between characters, never inside one
    expect(maskUsername('রহিমকরিম')).toBe('রহ***িম');
  });
});

describe('generated icons', () => {
  it('take two initials and escape the text', () => {
    expect(initialsOf('Golden Dragon Rush')).toBe('GD');
    expect(initialsOf('Keno')).toBe('KE');
    expect(initialsOf('সোনালী ড্রাগন')).toBe('সড');
    expect(initialsOf('Tom & Jerry')).toBe('TJ');
    const svg = gameIconSvg({ vendor: 'A<B', gameCode: 'X1', name: '&Co Ltd', color: '#123456' });
    expect(svg).toContain('A&lt;B');
    expect(svg).toContain('>&amp;L<');
    expect(svg).not.toContain('A<B');
    expect(gameIconSvg({ vendor: 'V', gameCode: 'X1', name: 'A B', color: 'red' })).toContain('#3355aa');
  });
});

describe('lobby query cache', () => {
  it('serves within the TTL, reloads after it, shares a pending load', async () => {
    let now = 0;
    let loads = 0;
    const cache = createQueryCache<number>({ ttlMs: 100, maxEntries: 10, now: () => now });
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get(1, 'k', load), cache.get(1, 'k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    now = 99;
    expect(await cache.get(1, 'k', load)).toBe(1);
    now = 100;
    expect(await cache.get(1, 'k', load)).toBe(2);
  });

  it('drops one merchant or everything, and never keeps a failed load', async () => {
    const cache = createQueryCache<string>({ ttlMs: 1000, maxEntries: 10 });
    await cache.get(1, 'a', async () => 'm1');
    await cache.get(2, 'a', async () => 'm2');
    cache.invalidate(1);
    expect(await cache.get(1, 'a', async () => 'm1-new')).toBe('m1-new');
    expect(await cache.get(2, 'a', async () => 'm2-new')).toBe('m2');
    cache.invalidate(null);
    expect(cache.size).toBe(0);
    await expect(cache.get(3, 'x', async () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await cache.get(3, 'x', async () => 'ok')).toBe('ok');
  });

  it('evicts the oldest entry when full', async () => {
    let now = 0;
    const cache = createQueryCache<string>({ ttlMs: 10_000, maxEntries: 2, now: () => now });
    await cache.get(1, 'a', async () => 'a');
    now = 1;
    await cache.get(2, 'b', async () => 'b');
    now = 2;
    await cache.get(1, 'c', async () => 'c');
    expect(cache.size).toBe(2);
    expect(await cache.get(1, 'a', async () => 'a2')).toBe('a2');
    expect(await cache.get(1, 'c', async () => 'c2')).toBe('c');
  });
});
