import type { THelpItem } from '@bp/contract';

export interface HelpSection {
  tag: string;
  title: string;
  items: THelpItem[];
}

/** Articles grouped by tag, in the server's order; hidden articles dropped. */
export function groupByTag(items: readonly THelpItem[]): HelpSection[] {
  const sections = new Map<string, HelpSection>();
  for (const item of items) {
    if (!item.display) continue;
    const s = sections.get(item.tag);
    if (s) s.items.push(item);
    else sections.set(item.tag, { tag: item.tag, title: item.title, items: [item] });
  }
  return [...sections.values()];
}

/** `#term` (the spec's anchor) and `#terms` both mean the terms section; other hashes name a tag. */
export function tagFromHash(hash: string): string | null {
  const h = decodeURIComponent(hash.replace(/^#/, '')).trim();
  if (!h) return null;
  return h === 'term' ? 'terms' : h;
}
