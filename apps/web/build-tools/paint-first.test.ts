import { describe, expect, it } from 'vitest';
import { deferEntry } from './paint-first';

describe('paint-first: the built entry is fetched at once and started by theme-init.js', () => {
  it('turns the entry script into a modulepreload marked as the entry, leaving the rest', () => {
    const html =
      '<head><script src="/theme-init.js"></script>\n<script type="module" crossorigin src="/assets/index-a1.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/rt-b2.js"></head>';
    const out = deferEntry(html);
    expect(out).not.toContain('<script type="module"');
    expect(out).toContain('<link rel="modulepreload" crossorigin href="/assets/index-a1.js" data-entry />');
    expect(out).toContain('<script src="/theme-init.js"></script>');
    expect(out).toContain('href="/assets/rt-b2.js"');
  });

  it('refuses a page without an entry script rather than ship one that never starts', () => {
    expect(() => deferEntry('<head></head>')).toThrow(/entry/);
  });
});
