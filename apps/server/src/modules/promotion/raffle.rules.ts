import { createHash, createHmac } from 'node:crypto';

/**
 * The raffle draw, pure: every entry's draw value is HMAC-SHA256(server seed, entry id) in hex; the
 * entries in ascending order of it take the prizes in rank order. The seed's SHA-256 is published
 * before the first entry, so the house cannot pick a seed after seeing who entered; with the seed
 * revealed after the draw, anyone recomputes every value and the order.
 */
export const seedHashOf = (serverSeed: string) => createHash('sha256').update(serverSeed).digest('hex');
export const drawValueOf = (serverSeed: string, entryId: string) =>
  createHmac('sha256', serverSeed).update(entryId).digest('hex');

export interface RafflePrize {
  amount: bigint;
  count: number;
}

/** The winners: entries in draw order matched to the prizes' ranks (1 = first), as far as entries go. */
export function drawRaffle(
  serverSeed: string,
  entryIds: string[],
  prizes: RafflePrize[],
): { entryId: string; rank: number; amount: bigint }[] {
  const ordered = entryIds
    .map((entryId) => ({ entryId, value: drawValueOf(serverSeed, entryId) }))
    // ties between HMAC values are impossible in practice; the id breaks them so the order is total
    .sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : a.entryId < b.entryId ? -1 : 1));
  const amounts = prizes.flatMap((p) => Array.from({ length: p.count }, () => p.amount));
  return ordered
    .slice(0, amounts.length)
    .map((e, i) => ({ entryId: e.entryId, rank: i + 1, amount: amounts[i]! }));
}
