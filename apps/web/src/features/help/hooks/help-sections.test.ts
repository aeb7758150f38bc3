import type { THelpItem } from '@bp/contract';
import { describe, expect, it } from 'vitest';
import { groupByTag, tagFromHash } from './help-sections';

const item = (id: number, tag: string, display = true): THelpItem => ({
  id,
  tag,
  title: `${tag}-${id}`,
  content: '',
  bgColor: null,
  lang: 'EN',
  display,
  children: [],
});

describe('help sections', () => {
  it('groups by tag in order and drops hidden items', () => {
    const s = groupByTag([item(1, 'aboutus'), item(2, 'terms'), item(3, 'aboutus'), item(4, 'faqs', false)]);
    expect(s.map((x) => [x.tag, x.items.length])).toEqual([
      ['aboutus', 2],
      ['terms', 1],
    ]);
  });
  it('maps #term to the terms tag', () => {
    expect(tagFromHash('#term')).toBe('terms');
    expect(tagFromHash('#deposit')).toBe('deposit');
    expect(tagFromHash('')).toBeNull();
  });
});
