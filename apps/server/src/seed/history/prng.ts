/**
 * A small deterministic generator (mulberry32) for the demo's history: the same seed gives the same
 * team history on every database, so the demo, the e2e copies and the test template look alike and a
 * figure seen once can be found again. Not for anything secret.
 */
export interface Prng {
  /** uniform in [0, 1) */
  next(): number;
  /** uniform integer in [min, max] */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(list: readonly T[]): T;
  /** one of the keys, with the given weights */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K;
  /** `bytes` random bytes as lowercase hex */
  hex(bytes: number): string;
  /** `bytes` random bytes as base64url */
  base64url(bytes: number): string;
}

export function prng(seed: number): Prng {
  let a = seed | 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => Math.floor(next() * 256)));
  const r: Prng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (list) => list[Math.floor(next() * list.length)]!,
    weighted(weights) {
      const keys = Object.keys(weights) as (keyof typeof weights)[];
      const total = keys.reduce((s, k) => s + weights[k], 0);
      let x = next() * total;
      for (const k of keys) {
        x -= weights[k];
        if (x < 0) return k;
      }
      return keys[keys.length - 1]!;
    },
    hex: (n) => bytes(n).toString('hex'),
    base64url: (n) => bytes(n).toString('base64url'),
  };
  return r;
}
