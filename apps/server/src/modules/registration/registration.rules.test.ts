import { describe, expect, it } from 'vitest';
import { generatePassword, normaliseDomain } from './registration.service.js';

describe('normaliseDomain', () => {
  it('keeps the lower-case host of a URL or a bare host', () => {
    expect(normaliseDomain('https://Demo.Local:8080/register?referralCode=x')).toBe('demo.local');
    expect(normaliseDomain('demobet.local')).toBe('demobet.local');
    expect(normaliseDomain('  ')).toBeNull();
    expect(normaliseDomain(undefined)).toBeNull();
    expect(normaliseDomain('http://')).toBeNull();
  });
});

describe('generatePassword', () => {
  it('has upper, lower and digit, no look-alikes, and differs each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = generatePassword();
      expect(p).toMatch(/^[A-Za-z0-9]{10}$/);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/[0-9]/);
      expect(p).not.toMatch(/[01lIoO]/);
      seen.add(p);
    }
    expect(seen.size).toBe(200);
  });
});
