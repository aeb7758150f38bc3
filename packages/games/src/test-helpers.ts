import type { Rng } from './rng.js';

/** per-round returns accumulated for a mean and the per-round standard deviation */
export class Moments {
  n = 0;
  private sum = 0;
  private sumSq = 0;

  add(x: number): void {
    this.n += 1;
    this.sum += x;
    this.sumSq += x * x;
  }

  get mean(): number {
    return this.sum / this.n;
  }

  get sd(): number {
    return Math.sqrt(Math.max(0, this.sumSq / this.n - this.mean ** 2));
  }

  /** half-width of the z-sigma confidence band of the mean */
  band(z = 4): number {
    return (z * this.sd) / Math.sqrt(this.n);
  }
}

export const pct = (x: number, digits = 2): string => `${(x * 100).toFixed(digits)}%`;
export const thousands = (n: number): string => n.toLocaleString('en-US');

/** an Rng that returns scripted int() values, to lay out windows and shoes by hand */
export function scriptedRng(ints: number[]): Rng {
  let i = 0;
  const next = (): number => {
    if (i >= ints.length) throw new Error('scripted rng exhausted');
    return ints[i++]!;
  };
  return {
    float: () => next() / 2 ** 32,
    int(n: number): number {
      const v = next();
      if (v >= n) throw new Error(`scripted ${v} outside [0, ${n})`);
      return v;
    },
  };
}
