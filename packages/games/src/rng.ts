import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** A source of uniform draws. Engines take one so the same code runs on live seeds and in simulations. */
export interface Rng {
  /** uniform in [0, 1) */
  float(): number;
  /** uniform integer in [0, n), no modulo bias */
  int(n: number): number;
}

export interface FairSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

const TWO_32 = 4294967296;

/** SHA-256 of the UTF-8 text, lowercase hex */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** HMAC-SHA256 with the UTF-8 key over the UTF-8 message, lowercase hex */
export function hmacSha256Hex(key: string, message: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(message)));
}

/** 32 random bytes as 64 hex chars from the platform CSPRNG (Web Crypto: Node 20 and browsers) */
export function newServerSeed(): string {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  return bytesToHex(bytes);
}

/**
 * Builds an Rng over a stream of uint32 values. int(n) rejects the top partial range of 2^32 so every
 * residue is equally likely (no modulo bias); the expected number of extra draws is below 1 for any n.
 */
function rngFromUint32(next: () => number): Rng {
  return {
    float: () => next() / TWO_32,
    int(n: number): number {
      if (!Number.isInteger(n) || n < 1 || n > TWO_32)
        throw new RangeError(`int(n): n must be an integer in 1..2^32, got ${n}`);
      const limit = TWO_32 - (TWO_32 % n);
      for (;;) {
        const u = next();
        if (u < limit) return u % n;
      }
    },
  };
}

/**
 * The provably-fair stream (DOMAIN-NOTES §4): block r = HMAC-SHA256(key = serverSeed,
 * msg = `${clientSeed}:${nonce}:${r}`) for r = 0, 1, 2, ...; each block gives eight big-endian uint32
 * values, consumed in order, four bytes per draw.
 */
export function fairRng(s: FairSeeds): Rng {
  const key = utf8ToBytes(s.serverSeed);
  let block: Uint8Array = new Uint8Array(0);
  let round = 0;
  let pos = 32;
  return rngFromUint32(() => {
    if (pos >= 32) {
      block = hmac(sha256, key, utf8ToBytes(`${s.clientSeed}:${s.nonce}:${round}`));
      round += 1;
      pos = 0;
    }
    const u =
      ((block[pos]! << 24) | (block[pos + 1]! << 16) | (block[pos + 2]! << 8) | block[pos + 3]!) >>> 0;
    pos += 4;
    return u;
  });
}

/**
 * Fast non-cryptographic generator (sfc32 seeded through splitmix32) for simulations in tests only:
 * reproducible from one number, and cheap enough for millions of rounds.
 */
export function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  const splitmix = (): number => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i += 1) next();
  return rngFromUint32(next);
}
