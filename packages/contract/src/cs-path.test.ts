import { describe, expect, it } from 'vitest';
import { decodeCustomerServicePath, encodeCustomerServicePath } from './cs-path.js';

describe('customer-service path obfuscation', () => {
  it('round-trips and never exposes the plain link', async () => {
    const link = 'https://www.facebook.com/demo.bdt?ref=১২৩';
    const enc = await encodeCustomerServicePath(link);
    expect(enc).not.toContain('facebook');
    expect(await decodeCustomerServicePath(enc)).toBe(link);
  });
  it('uses a fresh key each time', async () => {
    expect(await encodeCustomerServicePath('x')).not.toBe(await encodeCustomerServicePath('x'));
  });
  it('rejects a tampered value', async () => {
    const enc = await encodeCustomerServicePath('https://t.me/demo');
    const tampered = (enc[0] === 'A' ? 'B' : 'A') + enc.slice(1);
    await expect(decodeCustomerServicePath(tampered)).rejects.toThrow();
  });
});
