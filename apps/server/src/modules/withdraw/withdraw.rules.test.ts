import { describe, expect, it } from 'vitest';
import { WITHDRAW_PROOF, ZPaymentConfirmRequest, ZWithdrawSettingsInput } from '@bp/contract';
import { AppError } from '../../platform/errors.js';
import {
  assertTransition,
  maskAccountNumber,
  normaliseAccountNumber,
  sameName,
  sniffImage,
  validateProof,
} from './withdraw.rules.js';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof AppError ? e.code : 'other';
  }
  return undefined;
};

describe('bank account rules', () => {
  it('names match without case or extra spaces, not otherwise', () => {
    expect(sameName('  Rahim   Uddin ', 'rahim uddin')).toBe(true);
    expect(sameName('Rahim Uddin', 'Rahim Udin')).toBe(false);
    expect(sameName('রহিম উদ্দিন', 'রহিম  উদ্দিন')).toBe(true);
  });

  it('account numbers are 6-20 digits; group separators are dropped', () => {
    expect(normaliseAccountNumber('0171-234 5678')).toBe('01712345678');
    expect(code(() => normaliseAccountNumber('12345'))).toBe('bank_account_number_invalid');
    expect(code(() => normaliseAccountNumber('1'.repeat(21)))).toBe('bank_account_number_invalid');
    expect(code(() => normaliseAccountNumber('12345x7'))).toBe('bank_account_number_invalid');
  });

  it('shows at most the last four digits and hides at least four', () => {
    expect(maskAccountNumber('01712345678')).toBe('*******5678');
    expect(maskAccountNumber('123456')).toBe('****56');
  });
});

describe('proof images', () => {
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    Buffer.from('IHDR'),
    Buffer.alloc(17),
  ]);
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0, 0x43, 0]);

  it('knows PNG and JPEG by their bytes, and nothing else', () => {
    expect(sniffImage(png)).toBe('image/png');
    expect(sniffImage(jpeg)).toBe('image/jpeg');
    expect(sniffImage(Buffer.from('GIF89a......'))).toBeUndefined();
    expect(sniffImage(Buffer.from('\x89PNG but then text only'))).toBeUndefined();
    expect(sniffImage(png.subarray(0, 10))).toBeUndefined();
  });

  it('decodes base64 and data URLs, refuses text, garbage and more than 5 MB', () => {
    expect(validateProof(png.toString('base64')).contentType).toBe('image/png');
    expect(validateProof(`data:image/jpeg;base64,${jpeg.toString('base64')}`).contentType).toBe('image/jpeg');
    expect(code(() => validateProof(Buffer.from('hello').toString('base64')))).toBe('withdraw_proof_invalid');
    expect(code(() => validateProof('not*base64'))).toBe('withdraw_proof_invalid');
    const big = Buffer.concat([png, Buffer.alloc(WITHDRAW_PROOF.MAX_BYTES - png.length + 1)]);
    expect(code(() => validateProof(big.toString('base64')))).toBe('withdraw_proof_too_large');
    const exact = Buffer.concat([png, Buffer.alloc(WITHDRAW_PROOF.MAX_BYTES - png.length)]);
    expect(validateProof(exact.toString('base64')).bytes.length).toBe(WITHDRAW_PROOF.MAX_BYTES);
  });

  it('the contract refuses more than three images and a not-received report without one', () => {
    const img = { data: 'AAAA' };
    expect(ZPaymentConfirmRequest.safeParse({ withdrawId: 1, received: false, images: [img] }).success).toBe(
      true,
    );
    expect(
      ZPaymentConfirmRequest.safeParse({ withdrawId: 1, received: false, images: [img, img, img, img] })
        .success,
    ).toBe(false);
    expect(ZPaymentConfirmRequest.safeParse({ withdrawId: 1, received: false }).success).toBe(false);
    expect(ZPaymentConfirmRequest.safeParse({ withdrawId: '7', received: true }).data?.withdrawId).toBe('7');
  });
});

describe('state machine and settings input', () => {
  it('allows each decision only from its status', () => {
    expect(code(() => assertTransition('approve', 'PENDING'))).toBeUndefined();
    expect(code(() => assertTransition('approve', 'CANCELLED'))).toBe('withdraw_status_invalid');
    expect(code(() => assertTransition('cancel', 'PAID_OUT'))).toBe('withdraw_status_invalid');
    expect(code(() => assertTransition('confirm', 'PAID_OUT'))).toBeUndefined();
    expect(code(() => assertTransition('resolve', 'PAID_OUT'))).toBe('withdraw_status_invalid');
    expect(code(() => assertTransition('resolve', 'DISPUTED'))).toBeUndefined();
  });

  it('settings patches need a field and stay in range', () => {
    expect(ZWithdrawSettingsInput.safeParse({}).success).toBe(false);
    expect(ZWithdrawSettingsInput.safeParse({ autoReceiveMinutes: 0 }).success).toBe(false);
    expect(ZWithdrawSettingsInput.parse({ minimumAmount: '50' })).toEqual({ minimumAmount: '50' });
  });
});
