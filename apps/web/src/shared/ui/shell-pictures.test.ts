// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { readShellPictures } from './shell-pictures';

const skeleton = (inner: string) =>
  `<div class="app-shell" id="static-shell"><svg class="app-shell-header"></svg>${inner}<svg class="app-shell-banner"></svg></div>`;

describe('readShellPictures: what the skeleton showed before the app ran', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('data-shell-lang');
    document.documentElement.removeAttribute('data-shell');
    document.body.innerHTML = '';
  });

  it("a list page's tiles and the home banner, with the server's language", () => {
    document.documentElement.setAttribute('data-shell-lang', 'bn');
    document.body.innerHTML = skeleton(
      '<div class="app-shell-pic app-shell-tiles"><img src="/a.svg"><img src="/b.svg?x=1&amp;y=2"></div>',
    );
    expect(readShellPictures(document)).toEqual({
      language: 'BN',
      path: window.location.pathname,
      banner: undefined,
      tiles: ['/a.svg', '/b.svg?x=1&y=2'],
    });
    document.body.innerHTML = skeleton(
      '<img class="app-shell-pic app-shell-banner app-shell-banner--img" src="/banners/b1.svg">',
    );
    expect(readShellPictures(document)?.banner).toBe('/banners/b1.svg');
  });

  it('nothing when the server drew none or theme-init.js turned them off', () => {
    document.body.innerHTML = skeleton('<div class="app-shell-pic app-shell-tiles"><img src="/a.svg"></div>');
    expect(readShellPictures(document)).toBeUndefined();
    document.documentElement.setAttribute('data-shell-lang', 'bn');
    document.documentElement.setAttribute('data-shell', 'off');
    expect(readShellPictures(document)).toBeUndefined();
    expect(readShellPictures(undefined)).toBeUndefined();
  });
});
