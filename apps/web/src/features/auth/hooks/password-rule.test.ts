import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { checkNewPassword } from './password-rule';

const t = ((k: string) => k) as unknown as TFunction;
const rule = {
  acceptedPattern: '^[A-Za-z0-9!@#$%^&*._-]*$',
  minLength: 6,
  maxLength: 20,
  patternId: 16,
  enabled: true,
  required: true,
};

describe('checkNewPassword', () => {
  it('applies the merchant rule with min/max substituted, then the confirmation', () => {
    expect(checkNewPassword(t, 'EN', rule, '', '')).toEqual({
      newPassword: 'not_empty',
      confirm: 'not_empty',
    });
    expect(checkNewPassword(t, 'EN', rule, 'abc', 'abc').newPassword).toBe(
      '6-20 letters, numbers and symbols',
    );
    expect(checkNewPassword(t, 'BN', rule, 'abc', 'abc').newPassword).toMatch(/^6-20 /);
    expect(checkNewPassword(t, 'EN', rule, 'Good@123', 'Good@124')).toEqual({
      confirm: 'inconsistent_twice',
    });
    expect(checkNewPassword(t, 'EN', rule, 'Good@123', 'Good@123')).toEqual({});
    expect(checkNewPassword(t, 'EN', undefined, 'x', 'x')).toEqual({});
  });
});
