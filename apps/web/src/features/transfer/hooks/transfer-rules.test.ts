import { describe, expect, it } from 'vitest';
import { newRequestId, smallerOf } from './transfer-rules';

describe('transfer rules', () => {
  it('picks the tighter limit exactly', () => {
    expect(smallerOf('50000.00', '1200.50')).toBe('1200.50');
    expect(smallerOf('0.10', '0.09')).toBe('0.09');
    expect(smallerOf('100', 'x')).toBe('100');
  });
  it('makes request ids the server accepts', () => {
    const id = newRequestId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newRequestId()).not.toBe(id);
  });
});
