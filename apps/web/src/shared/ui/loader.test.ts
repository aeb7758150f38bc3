// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { earlyBanner } from './Loader';

describe('earlyBanner', () => {
  afterEach(() => delete window.__bpBanner);

  it('answers the banner theme-init.js found only for the language it was found in', () => {
    expect(earlyBanner('bn')).toBeUndefined();
    window.__bpBanner = { url: '/banners/banner-home-1.svg', language: 'BN' };
    expect(earlyBanner('bn')).toBe('/banners/banner-home-1.svg');
    expect(earlyBanner('BN')).toBe('/banners/banner-home-1.svg');
    // a visitor who switched language meanwhile waits for that language's banners
    expect(earlyBanner('en')).toBeUndefined();
  });
});
