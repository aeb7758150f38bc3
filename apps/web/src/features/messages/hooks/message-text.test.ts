import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { messageText, noticeTone } from './message-text';

const CATALOGUE: Record<string, string> = {
  kind_deposit_approved: 'Deposit approved',
  body_deposit_approved: 'Your deposit of {{amount}} was approved.',
  kind_withdraw_rejected: 'Withdrawal rejected',
  body_withdraw_rejected: 'Your withdrawal of {{amount}} was rejected.',
  kind_transfer_received: 'Transfer received',
  body_transfer_received: 'You received {{amount}} from {{from}}.',
  kind_other: 'Message',
  reasonLine: 'Reason: {{reason}}',
};
// enough of i18next for the helper: lookup with defaultValue and {{var}} substitution
const t = ((key: string, opts: Record<string, unknown> = {}) => {
  const text = CATALOGUE[key] ?? (opts.defaultValue as string | undefined) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(opts[v] ?? ''));
}) as unknown as TFunction;

describe('message texts', () => {
  it('renders kind and data in the reader’s language with formatted amounts', () => {
    expect(messageText(t, 'deposit_approved', { amount: '1234.5', remark: 'ok' }, '৳')).toEqual({
      title: 'Deposit approved',
      body: 'Your deposit of ৳1,234.50 was approved.',
    });
    expect(messageText(t, 'transfer_received', { amount: '10', from: 'bob' }, '৳').body).toBe(
      'You received ৳10.00 from bob.',
    );
  });

  it('adds the reason to refusals only', () => {
    expect(messageText(t, 'withdraw_rejected', { amount: '5', reason: 'wrong name' }, '৳').body).toBe(
      'Your withdrawal of ৳5.00 was rejected. Reason: wrong name',
    );
  });

  it('falls back to a generic title for kinds it does not know', () => {
    expect(messageText(t, 'something_new', { amount: '5' }, '৳')).toEqual({ title: 'Message', body: '' });
  });

  it('colours notices by outcome', () => {
    expect(noticeTone('deposit_rejected')).toBe('error');
    expect(noticeTone('deposit_arrived')).toBe('success');
    expect(noticeTone('withdraw_auto_received')).toBe('success');
    expect(noticeTone('withdraw_refunded')).toBe('info');
  });
});
