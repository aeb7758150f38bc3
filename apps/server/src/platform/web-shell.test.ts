import { describe, expect, it } from 'vitest';
import { safePictureUrl, shellMarkup, shellPageOf } from './web-shell.js';

describe('web-shell: which addresses get pictures in their skeleton', () => {
  it('the home page of a visitor and a game list page without a filter', () => {
    for (const url of ['/', '/home', '/login', '/register', '/?lang=en'])
      expect(shellPageOf(url), url).toEqual({ kind: 'home' });
    expect(shellPageOf('/rng')).toEqual({ kind: 'list', gameType: 'RNG' });
    expect(shellPageOf('/live?token=abc')).toEqual({ kind: 'list', gameType: 'LIVE' });
    expect(shellPageOf('/elott')).toEqual({ kind: 'list', gameType: 'ELOTT' });
  });

  it('nothing where the first screen is another one', () => {
    for (const url of [
      '/?token=abc', // a member's home page
      '/?merchant=other',
      '/rng?vassalage=PG',
      '/rng?classify=JP',
      '/rng?q=dragon',
      '/rng?page=2',
      '/rng?merchant=other',
      '/sports', // vendor tiles, not a list
      '/esports',
      '/member/profile',
      '/rng/extra',
    ])
      expect(shellPageOf(url), url).toBeUndefined();
  });
});

describe('web-shell: the markup', () => {
  it('keeps only site paths and https addresses, escaped for an attribute', () => {
    expect(safePictureUrl('/game-icons/PG/PG0001.svg')).toBe('/game-icons/PG/PG0001.svg');
    expect(safePictureUrl('https://cdn.example.com/a.png?x=1&y=2')).toBe(
      'https://cdn.example.com/a.png?x=1&amp;y=2',
    );
    for (const bad of [
      'javascript:alert(1)',
      'http://plain.example.com/a.png',
      '//evil.example.com/a.png',
      'data:image/svg+xml,<svg onload=alert(1)>',
      '/a.png" onerror="alert(1)',
      "/a.png' onerror='alert(1)",
      '/a.png><script>alert(1)</script>',
      '/a b.png',
      '',
      42,
      null,
    ])
      expect(safePictureUrl(bad), String(bad)).toBeUndefined();
  });

  it('a banner for the home page, at most six tiles for a list, nothing without a safe picture', () => {
    expect(shellMarkup({ kind: 'home' }, ['/banners/b1.svg'])).toBe(
      '<img class="app-shell-pic app-shell-banner app-shell-banner--img" src="/banners/b1.svg" alt="" fetchpriority="high" />',
    );
    const tiles = shellMarkup({ kind: 'list', gameType: 'RNG' }, [
      '/1.svg',
      '/2.svg',
      '/3.svg',
      '/4.svg',
      '/5.svg',
      '/6.svg',
      '/7.svg',
    ]);
    expect(tiles.match(/<img /g)).toHaveLength(6);
    expect(tiles).not.toContain('/7.svg');
    expect(tiles.startsWith('<div class="app-shell-pic app-shell-tiles">')).toBe(true);
    expect(shellMarkup({ kind: 'home' }, ['javascript:alert(1)'])).toBe('');
    expect(shellMarkup({ kind: 'list', gameType: 'RNG' }, [])).toBe('');
  });
});
