import { fromMinor } from '@bp/contract';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { contractPayoutRepo } from './contract-payout.repo.js';

/**
 * The freeze of an agent that owes its downlines (DOMAIN-NOTES 3): while any payout it pays is
 * partial or insufficient (neither expired nor held), its withdrawals and transfers out are refused
 * with `agent_payout_owed`. Call it inside the transaction that moves the money, after locking the
 * member's MAIN account: the settlement engine writes and pays payouts with the payer's account
 * locked, so the answer cannot change before that transaction ends.
 */
export async function assertNoPayoutOwed(
  ex: Executor,
  merchant: { currencyDecimals: number },
  memberId: number,
): Promise<void> {
  const { owed, count } = await contractPayoutRepo.owedBy(ex, memberId);
  if (count > 0) {
    throw new AppError('agent_payout_owed', {
      value: { owed: fromMinor(owed, merchant.currencyDecimals), count },
    });
  }
}
