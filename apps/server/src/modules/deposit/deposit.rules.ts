import { randomBytes } from 'node:crypto';
import { DEPOSIT_RECEIPT_MAX_BYTES } from '@bp/contract';

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

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export type ReceiptImage = { contentType: 'image/png' | 'image/jpeg'; data: Buffer };

/**
 * A receipt as sent (base64, optionally a `data:` URL) -> the image, or undefined when it is not a
 * PNG or JPEG of at most 5 MB. The type comes from the bytes (magic numbers), never from the name or
 * the data-URL prefix a client chose.
 */
export function decodeReceipt(input: string): ReceiptImage | undefined {
  let text = input.trim();
  const dataUrl = /^data:[\w.+/-]*;base64,/i.exec(text);
  if (dataUrl) text = text.slice(dataUrl[0].length);
  text = text.replace(/\s+/g, '');
  if (text.length === 0 || text.length % 4 !== 0 || !BASE64.test(text)) return undefined;
  const data = Buffer.from(text, 'base64');
  if (data.length === 0 || data.length > DEPOSIT_RECEIPT_MAX_BYTES) return undefined;
  if (data.length > PNG.length && data.subarray(0, PNG.length).equals(PNG)) {
    return { contentType: 'image/png', data };
  }
  if (data.length > JPEG.length && data.subarray(0, JPEG.length).equals(JPEG)) {
    return { contentType: 'image/jpeg', data };
  }
  return undefined;
}
