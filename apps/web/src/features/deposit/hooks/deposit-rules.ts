import { decimalToMinor } from '../../../shared/format';

const LADDER = [100, 200, 300, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000];

/** Up to eight quick amounts from a round ladder that fit the channel's min..max (whole units). */
export function quickAmounts(min: string, max: string, count = 8): string[] {
  const lo = decimalToMinor(min) ?? 0n;
  const hi = decimalToMinor(max) ?? 0n;
  const fits = LADDER.filter((v) => {
    const m = BigInt(v) * 100n;
    return m >= lo && (hi <= 0n || m <= hi);
  });
  return fits.slice(0, count).map(String);
}

const toText = (minor: bigint) => {
  const neg = minor < 0n;
  const abs = neg ? -minor : minor;
  return `${neg ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};

/**
 * The contract's fee rule: fee = feeFixed + floor(amount * feeRate / 10000) (rate in basis points,
 * floored in the player's favour); the wallet receives amount - fee. Shown before submitting.
 */
export function depositFee(
  amount: string,
  feeFixed: string,
  feeRate: number,
): { fee: string; credit: string } | null {
  const a = decimalToMinor(amount);
  const f = decimalToMinor(feeFixed) ?? 0n;
  if (a === null || a <= 0n) return null;
  const fee = f + (a * BigInt(feeRate)) / 10_000n;
  return { fee: toText(fee), credit: toText(a - fee) };
}

/** Whether the address is the gateway's return: `/member/depositv2?orderNo=D...`. */
export const returnedOrderNo = (sp: URLSearchParams): string | null => {
  const o = sp.get('orderNo');
  return o && /^D[0-9A-Z]{8,40}$/.test(o) ? o : null;
};
