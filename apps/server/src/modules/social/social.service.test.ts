import { describe, expect, it } from 'vitest';
import { isLoopbackIssuer, safeReturnPath } from './social.service.js';

describe('social rules', () => {
  it('allows plain HTTP issuers only on loopback', () => {
    expect(isLoopbackIssuer('http://127.0.0.1:4000')).toBe(true);
    expect(isLoopbackIssuer('http://localhost:4000/oidc')).toBe(true);
    expect(isLoopbackIssuer('http://accounts.google.com')).toBe(false);
    expect(isLoopbackIssuer('https://accounts.google.com')).toBe(false);
    expect(isLoopbackIssuer('nonsense')).toBe(false);
  });
  it('keeps return paths on the site', () => {
    expect(safeReturnPath('/member?tab=1')).toBe('/member?tab=1');
    expect(safeReturnPath(undefined)).toBe('/');
    for (const bad of ['//evil.test', '/\\evil', 'https://evil.test', 'member', '/a b'])
      expect(safeReturnPath(bad)).toBe('/');
  });
});
