import { sha256Hex } from './rng.js';

const TWO_52 = 2n ** 52n;

/**
 * h[0] = sha256(seed), h[i+1] = sha256(h[i]) (over the hex text). Rounds are played from the end:
 * h[length-1] first, then h[length-2], ... so each revealed hash hashes to the one played before it,
 * and nobody (the operator included) can pick a later round's hash once the chain's end is published.
 */
export function crashHashChain(terminalSeed: string, length: number): string[] {
  const chain: string[] = [];
  let h = terminalSeed;
  for (let i = 0; i < length; i += 1) {
    h = sha256Hex(h);
    chain.push(h);
  }
  return chain;
}

/** the round after `hash` was played with `nextPlayedHash`: valid when sha256(nextPlayedHash) === hash */
export function crashLinkValid(hash: string, nextPlayedHash: string): boolean {
  return sha256Hex(nextPlayedHash) === hash.toLowerCase();
}

/**
 * The published formula from the 52 bits X52 (X = X52 / 2^52): point = max(1, floor(99 / (1 - X)) / 100).
 * In integers: floor(99 * 2^52 / (2^52 - X52)), exact (BigInt), so P(point >= m) = 0.99 / m up to
 * the 2^-52 granularity and every cash-out target returns 99%.
 */
export function crashPointX100FromBits(x52: number): number {
  if (!Number.isInteger(x52) || x52 < 0 || x52 >= 2 ** 52) throw new RangeError('crash: need 52 bits');
  const x100 = (99n * TWO_52) / (TWO_52 - BigInt(x52));
  return x100 < 100n ? 100 : Number(x100 > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : x100);
}

/** crash point x100 (>= 100) of a round from its hash: the first 13 hex digits are X52 */
export function crashPointX100(hash: string): number {
  if (!/^[0-9a-fA-F]{13}/.test(hash)) throw new Error('crash: hash must start with 13 hex digits');
  return crashPointX100FromBits(parseInt(hash.slice(0, 13), 16));
}

/** exact house edge of cashing out at targetX100 (> 100): 1 - target x P(point >= target) */
export function crashEdgeExact(targetX100: number): number {
  // point >= t  <=>  2^52 - X52 <= 99 * 2^52 / t  <=>  X52 >= 2^52 - floor(99 * 2^52 / t)
  const winning = (99n * TWO_52) / BigInt(targetX100);
  return 1 - (targetX100 / 100) * (Number(winning) / 2 ** 52);
}

/** per ms: multiplier(t) = e^(CRASH_GROWTH * t); 2x after ~11.6 s, 10x after ~38 s, 100x after ~77 s */
export const CRASH_GROWTH = 0.00006;

/** the multiplier x100 shown elapsedMs after the start, floored */
export function crashMultiplierX100At(elapsedMs: number): number {
  if (elapsedMs <= 0) return 100;
  return Math.floor(100 * Math.exp(CRASH_GROWTH * elapsedMs));
}

/** the first whole millisecond at which the shown multiplier reaches pointX100 */
export function crashElapsedMsFor(pointX100: number): number {
  if (pointX100 <= 100) return 0;
  let t = Math.ceil(Math.log(pointX100 / 100) / CRASH_GROWTH);
  // float log/exp can land one ms either side of the floor's boundary
  while (t > 0 && crashMultiplierX100At(t - 1) >= pointX100) t -= 1;
  while (crashMultiplierX100At(t) < pointX100) t += 1;
  return t;
}
