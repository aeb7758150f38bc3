import { createHmac } from 'node:crypto';

/** Lowercase hex HMAC-SHA256 of the raw body: what vendors send in X-Signature. */
export const signBody = (secret: string, body: Buffer | string) =>
  createHmac('sha256', secret).update(body).digest('hex');
