import { fromMinor, toMinor, type TAdminWithdrawal, type TWithdrawal } from '@bp/contract';
import type { Executor } from '../../db/client.js';
import { formatMerchantTime } from '../../platform/time.js';
import type { MerchantContext } from '../../platform/merchant.js';
import { withdrawRepo, type SettingRow, type WithdrawalRow } from './withdraw.repo.js';
import { maskAccountNumber } from './withdraw.rules.js';

export const DEFAULT_AUTO_RECEIVE_MINUTES = 30;

/** The merchant's settings, or the defaults (100.00 / 50000.00 in its currency) when it never set any. */
export async function settingsOf(
  ex: Executor,
  merchant: Pick<MerchantContext, 'id' | 'currencyDecimals'>,
): Promise<SettingRow> {
  const r = await withdrawRepo.settings(ex, merchant.id);
  if (r) {
    return {
      minimum_amount: BigInt(r.minimum_amount),
      maximum_amount: BigInt(r.maximum_amount),
      daily_count: r.daily_count,
      auto_receive_minutes: r.auto_receive_minutes,
      max_bank_accounts: r.max_bank_accounts,
    };
  }
  return {
    minimum_amount: toMinor('100', merchant.currencyDecimals),
    maximum_amount: toMinor('50000', merchant.currencyDecimals),
    daily_count: 5,
    auto_receive_minutes: DEFAULT_AUTO_RECEIVE_MINUTES,
    max_bank_accounts: 3,
  };
}

/** The ledger hold of a withdrawal; its payout and refund entries are keyed from the same id. */
export const holdKey = (id: bigint | string) => `withdraw:${id}`;
export const payoutKey = (id: bigint | string) => `withdraw_payout:${id}`;
export const refundKey = (id: bigint | string) => `withdraw_refund:${id}`;

const money = (m: MerchantContext, v: bigint | null) =>
  v === null ? null : fromMinor(BigInt(v), m.currencyDecimals);

function base(w: WithdrawalRow, merchant: MerchantContext, autoMinutes: number, time: (d: Date) => string) {
  const t = (d: Date | string | null) => (d === null ? null : time(new Date(d)));
  const amount = BigInt(w.amount);
  const received = w.received_amount === null ? null : BigInt(w.received_amount);
  return {
    id: w.id.toString(),
    amount: fromMinor(amount, merchant.currencyDecimals),
    status: w.status,
    bankName: w.bank_name,
    accountName: w.account_name,
    accountNumber: maskAccountNumber(w.account_number),
    createdAt: time(new Date(w.created_at)),
    paidAt: t(w.paid_at),
    autoReceiveAt:
      w.status === 'PAID_OUT' && w.paid_at !== null
        ? time(new Date(new Date(w.paid_at).getTime() + autoMinutes * 60_000))
        : null,
    confirmedAt: t(w.confirmed_at),
    confirmedBy: w.confirmed_by,
    receivedAmount: money(merchant, received),
    remainingAmount: received === null ? null : money(merchant, amount - received),
    refundAmount: money(merchant, w.refund_amount === null ? null : BigInt(w.refund_amount)),
    rejectReason: w.reject_reason,
    proofIds: (w.proof_ids ?? []).map(String),
  };
}

/** The member's view: times in the merchant's zone, the account number masked. */
export function memberView(w: WithdrawalRow, merchant: MerchantContext, autoMinutes: number): TWithdrawal {
  return base(w, merchant, autoMinutes, (d) => formatMerchantTime(d, merchant.timeZone));
}

/** The operator's view: ISO times, the full account number (they pay to it). */
export function adminView(
  w: WithdrawalRow,
  merchant: MerchantContext,
  autoMinutes: number,
): TAdminWithdrawal {
  return {
    ...base(w, merchant, autoMinutes, (d) => d.toISOString()),
    accountNumber: w.account_number,
    memberId: w.member_id,
    username: w.username ?? '',
    remark: w.remark,
    operatorId: w.operator_id,
  };
}
