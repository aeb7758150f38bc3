import { randomBytes } from 'node:crypto';
import { DEPOSIT_RECEIPT_MAX_BYTES } from '@bp/contract';
import { decodeImage, type DecodedImage } from '../../platform/image.js';

/**
 * Fee charged to the member (contract deposit.ts): fixed + floor(amount * bps / 10000). The floor
 * rounds in the player's favour; the credit is amount - fee.
 */
export function depositFee(amount: bigint, fee: { fixed: bigint; bps: number }): bigint {
  return fee.fixed + (amount * BigInt(fee.bps)) / 10_000n;
}

/** Credited to MAIN for a deposit of `amount`; zero or less means the fee eats it all. */
export function depositCredit(amount: bigint, fee: { fixed: bigint; bps: number }): bigint {
  return amount - depositFee(amount, fee);
}

/**
 * `D` + UTC date + 12 random upper-case hex digits: unique without a round trip (collisions are
 * caught by the unique index), inside the gateway's orderNo alphabet, and not guessable from the
 * previous one.
 */
export function newOrderNo(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `D${day}${randomBytes(6).toString('hex').toUpperCase()}`;
}

export type ReceiptImage = DecodedImage;

/**
 * A receipt as sent (base64, optionally a `data:` URL) -> the image, or undefined when it is not a
 * PNG or JPEG of at most 5 MB. The type comes from the bytes (platform/image.ts), never from the name
 * or the data-URL prefix a client chose.
 */
export function decodeReceipt(input: string): ReceiptImage | undefined {
  const r = decodeImage(input, DEPOSIT_RECEIPT_MAX_BYTES);
  return r.ok ? r.image : undefined;
}
