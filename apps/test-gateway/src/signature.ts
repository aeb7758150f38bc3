import { createHmac, timingSafeEqual } from 'node:crypto';

const SIGNATURE_RE = /^[0-9a-f]{64}$/;

/** Lowercase hex HMAC-SHA256 of the exact bytes (or UTF-8 string) with the merchant's secret. */
export function sign(secret: string, payload: Buffer | string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/**
 * Checks an `X-Signature` header against the raw payload. The digest is compared as bytes with a
 * constant-time compare; anything that is not 64 lowercase hex characters fails before that.
 */
export function verifySignature(
  secret: string,
  payload: Buffer | string,
  header: string | string[] | undefined,
): boolean {
  if (typeof header !== 'string' || !SIGNATURE_RE.test(header)) return false;
  const expected = createHmac('sha256', secret).update(payload).digest();
  return timingSafeEqual(expected, Buffer.from(header, 'hex'));
}
