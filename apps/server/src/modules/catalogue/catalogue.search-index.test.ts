import { describe, expect, it } from 'vitest';
import { buildSearchIndex, type SearchDoc } from './catalogue.search-index.js';

const names = [
  ['Dragon Gold', 'ড্রাগন গোল্ড'],
  ['Golden Dragon Rush', 'সোনালি ড্রাগন রাশ'],
  ['Wild_Card 100%', 'বন্য কার্ড'],
  ['Plain Game', 'সাধারণ খেলা'],
  ['Rocket 🚀 Crash', 'রকেট ক্র্যাশ'],
  ['Ærøskøbing Straße', 'ঐরোস্কোবিং'],
  ['Dragon Dragon', 'ড্রাগন ড্রাগন'],
];
const docs: SearchDoc[] = names.map(([en, bn], i) => ({
  node_id: 100 - i, // lobby order is the array's, not the ids'
  search_text: `${en}\n${bn}`.normalize('NFC').toLowerCase(),
  game_type: i % 2 ? 'LIVE' : 'RNG',
  vendor_code: i < 4 ? 'PG' : 'JILI',
  game_classify: null,
  is_new: i === 1,
  is_hot: i === 6,
  game_code: `G${i}`,
  names: { EN: en!, BN: bn! },
  icon: null,
  rtp_bps: null,
  min_bet_cents: null,
  lines: null,
  status: 'active',
  vendor_names: { EN: 'Vendor' },
  vendor_status: 'active',
}));
const ids = (found: SearchDoc[]) => found.map((d) => d.node_id);
const index = buildSearchIndex(docs);
/** What a scan answers: the substring test of `search_text like '%q%'`, in array order. */
const scan = (q: string, keep: (d: SearchDoc) => boolean = () => true) =>
  docs.filter((d) => d.search_text.includes(q) && keep(d)).map((d) => d.node_id);

describe('the lobby search index', () => {
  it('answers what a substring scan answers, in lobby order, for every substring of every name', () => {
    let asked = 0;
    for (const d of docs) {
      for (let i = 0; i < d.search_text.length; i++) {
        for (let n = 1; n <= 6 && i + n <= d.search_text.length; n++) {
          const q = d.search_text.slice(i, i + n);
          expect(ids(index.find(q, {})), q).toEqual(scan(q));
          asked++;
        }
      }
    }
    expect(asked).toBeGreaterThan(500);
    expect(ids(index.find('dragon', {}))).toEqual([100, 99, 94]);
  });

  it('finds nothing where no name holds the needle, whether its trigrams occur or not', () => {
    for (const q of ['zzqq', 'gon gold rush', 'dragon\ngold', 'ঌঌ', 'x', '%']) {
      expect(ids(index.find(q, {})), q).toEqual(scan(q));
    }
    expect(ids(index.find('dragon rush', {}))).toEqual([99]);
    expect(ids(index.find('gold dragon', {}))).toEqual([]);
    // across two names (the text holds them one per line), as the database's like does
    expect(ids(index.find('gold\nড্রা', {}))).toEqual([100]);
  });

  it('applies the other filters of the page', () => {
    expect(ids(index.find('dragon', { gameType: 'LIVE' }))).toEqual(
      scan('dragon', (d) => d.game_type === 'LIVE'),
    );
    expect(ids(index.find('dragon', { vendor: 'JILI' }))).toEqual([94]);
    expect(ids(index.find('dragon', { isNew: true }))).toEqual([99]);
    expect(ids(index.find('dragon', { isHot: false }))).toEqual([100, 99]);
    expect(ids(index.find('a', { gameTypes: ['RNG'], vendor: 'PG' }))).toEqual([100, 98]);
  });
});
