/**
 * A raffle's draw, checked in the browser with WebCrypto (the server's raffle.rules.ts, recomputed):
 * the revealed seed must hash (SHA-256, hex) to the commitment shown before any entry, and ranking
 * every drawn entry by HMAC-SHA256(seed, entry id) ascending (ties: by entry id) must give the
 * published winners in rank order. Seed and entry id are UTF-8 text, as the server uses them.
 */
export interface RaffleDraw {
  seedHash: string;
  serverSeed: string;
  drawnEntries: string[];
  winners: { rank: number; entryId: string }[];
}
export interface RaffleCheck {
  /** SHA-256(seed) equals the commitment */
  hashOk: boolean;
  /** the recomputed order gives exactly the published winners */
  orderOk: boolean;
  ok: boolean;
  /** the entries in recomputed draw order (the first ones are the winners) */
  order: { entryId: string; value: string }[];
}

const text = new TextEncoder();
const hex = (b: ArrayBuffer) =>
  Array.from(new Uint8Array(b), (x) => x.toString(16).padStart(2, '0')).join('');

export async function sha256Hex(s: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', text.encode(s)));
}

export async function verifyRaffle(d: RaffleDraw): Promise<RaffleCheck> {
  const key = await crypto.subtle.importKey(
    'raw',
    text.encode(d.serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const order = await Promise.all(
    d.drawnEntries.map(async (entryId) => ({
      entryId,
      value: hex(await crypto.subtle.sign('HMAC', key, text.encode(entryId))),
    })),
  );
  order.sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : a.entryId < b.entryId ? -1 : 1));
  const hashOk = (await sha256Hex(d.serverSeed)) === d.seedHash.trim().toLowerCase();
  const winners = [...d.winners].sort((a, b) => a.rank - b.rank);
  const orderOk =
    winners.length <= order.length &&
    winners.every((w, i) => w.rank === i + 1 && order[i]!.entryId === w.entryId);
  return { hashOk, orderOk, ok: hashOk && orderOk, order };
}
