import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  crashEdgeExact,
  crashElapsedMsFor,
  crashHashChain,
  crashLinkValid,
  crashMultiplierX100At,
  crashPointX100,
  crashPointX100FromBits,
} from './crash.js';
import { seededRng } from './rng.js';
import { Moments, pct, thousands } from './test-helpers.js';

const TWO_52 = 2 ** 52;
const TARGETS = [101, 150, 200, 500, 1000, 10000];

describe('crash hash chain', () => {
  it('each hash is the SHA-256 of the one before, and every played round proves the previous', () => {
    const seed = 'terminal-seed-of-the-chain';
    const chain = crashHashChain(seed, 1000);
    expect(chain).toHaveLength(1000);
    expect(chain[0]).toBe(createHash('sha256').update(seed).digest('hex'));
    expect(chain[1]).toBe(createHash('sha256').update(chain[0]!).digest('hex'));
    // played from the end: round k uses chain[999 - k]; the next round's hash hashes to this one
    for (let i = chain.length - 1; i > 0; i -= 1) expect(crashLinkValid(chain[i]!, chain[i - 1]!)).toBe(true);
  });

  it('a tampered hash breaks the link', () => {
    const chain = crashHashChain('seed', 10);
    const played = chain[5]!;
    const tampered = (played[0] === 'a' ? 'b' : 'a') + played.slice(1);
    expect(crashLinkValid(chain[6]!, tampered)).toBe(false);
    expect(crashLinkValid(chain[6]!, chain[4]!)).toBe(false);
    expect(crashLinkValid(chain[5]!, tampered)).toBe(false);
  });
});

describe('crash point', () => {
  it('follows the published formula from the first 52 bits', () => {
    expect(crashPointX100('0000000000000' + 'f'.repeat(51))).toBe(100);
    expect(crashPointX100('8000000000000' + '0'.repeat(51))).toBe(198); // X = 1/2: floor(99 * 2) / 100
    expect(crashPointX100FromBits(TWO_52 - 1)).toBe(Math.min(99 * TWO_52, Number.MAX_SAFE_INTEGER));
    const hash = crashHashChain('x', 1)[0]!;
    const x = parseInt(hash.slice(0, 13), 16) / TWO_52;
    expect(crashPointX100(hash)).toBe(Math.max(100, Math.floor(99 / (1 - x))));
  });

  it('P(point >= m) = 0.99 / m exactly at the boundary, so the edge is 1% for any cash-out', () => {
    for (const t of TARGETS) {
      // the smallest X52 that reaches t, from the integer form of the formula
      const first = TWO_52 - Number((99n * 2n ** 52n) / BigInt(t));
      expect(crashPointX100FromBits(first)).toBeGreaterThanOrEqual(t);
      expect(crashPointX100FromBits(first - 1)).toBeLessThan(t);
      expect(crashEdgeExact(t)).toBeGreaterThanOrEqual(0.01 - 1e-12);
      expect(crashEdgeExact(t)).toBeLessThan(0.01 + 1e-9);
    }
  });

  it('1,000,000 simulated rounds: cashing out at any target returns 99% within 4 sigma', () => {
    const N = 1_000_000;
    const rng = seededRng(99);
    const m = TARGETS.map(() => new Moments());
    for (let i = 0; i < N; i += 1) {
      const point = crashPointX100FromBits(rng.int(2 ** 20) * 2 ** 32 + rng.int(2 ** 32));
      TARGETS.forEach((t, k) => m[k]!.add(point >= t ? t / 100 : 0));
    }
    TARGETS.forEach((t, k) => {
      const edge = crashEdgeExact(t);
      const sim = 1 - m[k]!.mean;
      console.log(
        `crash cash-out ${(t / 100).toFixed(2)}x exact edge ${pct(edge, 3)} simulated ${pct(sim, 3)} ± ${pct(m[k]!.band(), 3)} (N=${thousands(N)})`,
      );
      expect(Math.abs(sim - edge)).toBeLessThanOrEqual(m[k]!.band());
    });
  });
});

describe('crash timing', () => {
  it('the multiplier rises from 1.00x and reaches each point at crashElapsedMsFor', () => {
    expect(crashMultiplierX100At(0)).toBe(100);
    expect(crashElapsedMsFor(100)).toBe(0);
    for (const p of [101, 150, 198, 200, 1000, 12345, 100000]) {
      const t = crashElapsedMsFor(p);
      expect(crashMultiplierX100At(t)).toBeGreaterThanOrEqual(p);
      expect(crashMultiplierX100At(t - 1)).toBeLessThan(p);
    }
    let last = 100;
    for (let t = 0; t < 60_000; t += 250) {
      const x = crashMultiplierX100At(t);
      expect(x).toBeGreaterThanOrEqual(last);
      last = x;
    }
  });
});
