import type { TGame } from '@bp/contract';
import type { GameFilter, GameRow } from './catalogue.repo.js';

/** One game a merchant offers, its lobby row and its search text (lobby order is the array's). */
export interface SearchDoc extends GameRow {
  /** every name in every language, NFC, lower case, one per line (game.search_text) */
  search_text: string;
  /** its lobby tile per language, object and JSON, made on first use (the catalogue service's) */
  tiles?: Record<string, { game: TGame; json: string }>;
}

/** The positions in both ascending lists. */
function intersect(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      out.push(x);
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out;
}

/** Substrings this long are indexed: any longer needle holds one, and a game holding it holds them all. */
const GRAM = 3;

/**
 * An in-process trigram index over one merchant's visible games in lobby order, with their lobby
 * rows: the lobby's name search without a database round trip per query. A needle of three
 * characters (UTF-16 code units) or more takes the games found in both of the two shortest posting
 * lists of its trigrams and checks each with `includes`, exactly the substring test the database's
 * `search_text like '%q%'` makes (same text, same needle); a shorter needle has no trigram and checks
 * every game (there are few such needles, and their answers stay in the lobby cache). Matches come
 * out in lobby order because postings are ascending positions of the lobby-ordered array.
 */
export function buildSearchIndex(docs: readonly SearchDoc[]) {
  const postings = new Map<string, number[]>();
  for (let i = 0; i < docs.length; i++) {
    const text = docs[i]!.search_text;
    for (let j = 0; j + GRAM <= text.length; j++) {
      const gram = text.slice(j, j + GRAM);
      const list = postings.get(gram);
      if (!list) postings.set(gram, [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    }
  }

  const passes = (d: SearchDoc, f: GameFilter) =>
    (f.gameType === undefined || d.game_type === f.gameType) &&
    (f.gameTypes === undefined || f.gameTypes.includes(d.game_type)) &&
    (f.vendor === undefined || d.vendor_code === f.vendor) &&
    (f.classify === undefined || d.game_classify === f.classify) &&
    (f.isNew === undefined || d.is_new === f.isNew) &&
    (f.isHot === undefined || d.is_hot === f.isHot);

  return {
    size: docs.length,
    /** The games whose search text holds `needle` and that pass `f`'s other filters, in lobby order. */
    find(needle: string, f: GameFilter): SearchDoc[] {
      const out: SearchDoc[] = [];
      if (needle.length < GRAM) {
        for (const d of docs) if (d.search_text.includes(needle) && passes(d, f)) out.push(d);
        return out;
      }
      const lists: number[][] = [];
      for (let j = 0; j + GRAM <= needle.length; j++) {
        const list = postings.get(needle.slice(j, j + GRAM));
        if (!list) return out;
        lists.push(list);
      }
      lists.sort((a, b) => a.length - b.length);
      // the games holding the two rarest trigrams (ascending positions: one merge), then the exact test
      const candidates = lists.length > 1 ? intersect(lists[0]!, lists[1]!) : lists[0]!;
      for (const i of candidates) {
        const d = docs[i]!;
        if (d.search_text.includes(needle) && passes(d, f)) out.push(d);
      }
      return out;
    },
  };
}
export type SearchIndex = ReturnType<typeof buildSearchIndex>;
