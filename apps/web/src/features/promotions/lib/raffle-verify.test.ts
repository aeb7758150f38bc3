import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyRaffle } from './raffle-verify';

/** The browser's check agrees with the server's draw (node:crypto, as raffle.rules.ts computes it). */
const seed = 'a3f1c2d4e5b60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
const entries = ['11', '12', '13', '14', '15', '101'];
const serverOrder = entries
  .map((id) => ({ id, v: createHmac('sha256', seed).update(id).digest('hex') }))
  .sort((a, b) => (a.v < b.v ? -1 : 1))
  .map((e) => e.id);
const seedHash = createHash('sha256').update(seed).digest('hex');
const winners = serverOrder.slice(0, 3).map((entryId, i) => ({ rank: i + 1, entryId }));

describe('verifyRaffle', () => {
  it('accepts the draw the server made', async () => {
    const r = await verifyRaffle({ seedHash, serverSeed: seed, drawnEntries: entries, winners });
    expect(r).toMatchObject({ hashOk: true, orderOk: true, ok: true });
    expect(r.order.map((o) => o.entryId)).toEqual(serverOrder);
  });
  it('fails a seed that does not match the commitment', async () => {
    const r = await verifyRaffle({ seedHash, serverSeed: `${seed}0`, drawnEntries: entries, winners });
    expect(r.hashOk).toBe(false);
    expect(r.ok).toBe(false);
  });
  it('fails winners out of the draw order', async () => {
    const swapped = [winners[1]!, winners[0]!, winners[2]!].map((w, i) => ({ ...w, rank: i + 1 }));
    const r = await verifyRaffle({ seedHash, serverSeed: seed, drawnEntries: entries, winners: swapped });
    expect(r).toMatchObject({ hashOk: true, orderOk: false, ok: false });
  });
});
