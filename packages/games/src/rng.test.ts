import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fairRng, hmacSha256Hex, newServerSeed, seededRng, sha256Hex } from './rng.js';

const seeds = {
  serverSeed: 'a7f1c1d2e3b4a5968778695a4b3c2d1e0f1a2b3c4d5e6f708192a3b4c5d6e7f8',
  clientSeed: 'player-seed',
  nonce: 7,
};

/** the uint32 stream computed independently with node:crypto, as a verifier would */
function nodeStream(count: number): number[] {
  const out: number[] = [];
  for (let r = 0; out.length < count; r += 1) {
    const block = createHmac('sha256', seeds.serverSeed)
      .update(`${seeds.clientSeed}:${seeds.nonce}:${r}`)
      .digest();
    for (let i = 0; i < 32 && out.length < count; i += 4) out.push(block.readUInt32BE(i));
  }
  return out;
}

describe('hashes', () => {
  it('sha256Hex and hmacSha256Hex agree with node:crypto', () => {
    for (const text of ['', 'abc', 'ক্যাসিনো', 'x'.repeat(1000)]) {
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
      expect(hmacSha256Hex('key', text)).toBe(createHmac('sha256', 'key').update(text).digest('hex'));
    }
  });

  it('newServerSeed gives 64 fresh hex chars', () => {
    const a = newServerSeed();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newServerSeed()).not.toBe(a);
  });
});

describe('fairRng', () => {
  it('reproduces the HMAC-SHA256 stream computed by hand, across block boundaries', () => {
    const expected = nodeStream(20);
    const rng = fairRng(seeds);
    for (const u of expected) expect(rng.float()).toBe(u / 2 ** 32);
  });

  it('matches the published vector (what the verification page checks against)', () => {
    const rng = fairRng(seeds);
    expect(rng.float()).toBe(0.48992290580645204);
    expect(rng.int(52)).toBe(39);
    expect(rng.int(1_000_000)).toBe(364785);
  });

  it('int(n) is the remainder of the accepted draws, rejecting the top partial range', () => {
    const stream = nodeStream(40);
    const n = 3 * 2 ** 30; // rejects a quarter of all draws: any modulo bias would be large
    const limit = 2 ** 32 - (2 ** 32 % n);
    const expected = stream.filter((u) => u < limit).map((u) => u % n);
    const rng = fairRng(seeds);
    for (const v of expected.slice(0, 20)) expect(rng.int(n)).toBe(v);
  });

  it('int(n) is unbiased: chi-square on 7 outcomes, and no modulo bias for a large n', () => {
    const rng = fairRng({ ...seeds, nonce: 99 });
    const n = 7;
    const draws = 70_000;
    const counts = new Array<number>(n).fill(0);
    for (let i = 0; i < draws; i += 1) counts[rng.int(n)]! += 1;
    const expected = draws / n;
    const chi2 = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    // 6 degrees of freedom: P(chi2 > 22.46) = 0.001
    expect(chi2).toBeLessThan(22.46);

    // with u % n, values below 2^30 would come up 1/2 of the time instead of 1/3
    const big = 3 * 2 ** 30;
    let low = 0;
    const m = 30_000;
    for (let i = 0; i < m; i += 1) if (rng.int(big) < 2 ** 30) low += 1;
    expect(Math.abs(low / m - 1 / 3)).toBeLessThan(4 * Math.sqrt(((1 / 3) * (2 / 3)) / m));
  });

  it('changes with every seed part', () => {
    const first = (s: typeof seeds): number => fairRng(s).float();
    const base = first(seeds);
    expect(first({ ...seeds, nonce: 8 })).not.toBe(base);
    expect(first({ ...seeds, clientSeed: 'other' })).not.toBe(base);
    expect(first({ ...seeds, serverSeed: newServerSeed() })).not.toBe(base);
  });

  it('rejects an impossible range', () => {
    expect(() => fairRng(seeds).int(0)).toThrow(RangeError);
    expect(() => seededRng(1).int(1.5)).toThrow(RangeError);
  });
});

describe('seededRng', () => {
  it('is reproducible, uniform, and spans [0, 1)', () => {
    const a = seededRng(123);
    const b = seededRng(123);
    let sum = 0;
    let min = 1;
    let max = 0;
    let same = 0;
    const n = 200_000;
    for (let i = 0; i < n; i += 1) {
      const x = a.float();
      if (b.float() === x) same += 1;
      sum += x;
      min = Math.min(min, x);
      max = Math.max(max, x);
    }
    expect(same).toBe(n);
    expect(Math.abs(sum / n - 0.5)).toBeLessThan(4 * Math.sqrt(1 / 12 / n));
    expect(min).toBeGreaterThanOrEqual(0);
    expect(max).toBeLessThan(1);
    expect(seededRng(124).float()).not.toBe(seededRng(123).float());
  });
});
