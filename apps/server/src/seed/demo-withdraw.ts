import type { Tx } from '../db/client.js';
import { systemClock } from '../platform/module.js';
import { createMemberService } from '../modules/member/index.js';
import { withdrawRepo } from '../modules/withdraw/index.js';
import { DEMO_MEMBER } from './demo-members.js';

/** The demo member's withdrawal password (documented in the seed notes printed at start). */
export const DEMO_PAYMENT_PASSWORD = '123456';

/**
 * Withdrawal settings of the demo merchant (the documented defaults, stored so operators see a row),
 * and a ready-to-withdraw demo member: payee name, a bound bKash account and a payment password.
 * No turnover requirement is seeded.
 */
export async function seedDemoWithdraw(tx: Tx, { merchantId }: { merchantId: number }): Promise<string[]> {
  await withdrawRepo.upsertSettings(
    tx,
    merchantId,
    {
      minimum_amount: 100_00n,
      maximum_amount: 50_000_00n,
      daily_count: 5,
      auto_receive_minutes: 30,
      max_bank_accounts: 3,
    },
    new Date(),
  );
  const members = createMemberService({ db: tx, clock: systemClock });
  const demo = await members.findByUsername(merchantId, DEMO_MEMBER.username, tx);
  if (!demo) return [];
  await members.update(tx, demo, { payeeName: 'Demo Player' });
  await members.setPaymentPassword(tx, demo, DEMO_PAYMENT_PASSWORD);
  await withdrawRepo.insertBankAccount(tx, {
    merchantId,
    memberId: demo.id,
    bankName: 'bKash',
    accountName: 'Demo Player',
    accountNumber: '01336712345',
  });
  return [
    `Withdrawals:     ${DEMO_MEMBER.username} has payment password ${DEMO_PAYMENT_PASSWORD} and a bKash account`,
  ];
}
